"""Setup: players and names in seat order, the rules options with the rulebook's value marked, the camera, and
what Start refuses."""

from __future__ import annotations

from companion.games import GAMES


def open_setup(ui, title: str = "Kai Piranja: the camera") -> object:
    ui.tap(title)
    assert ui.app.current == "setup"
    return ui.page


def names(ui) -> list[str]:
    return [field.text for field in ui.page.inputs]


def test_the_player_count_and_the_seat_order_are_set_by_touch(ui) -> None:
    setup = open_setup(ui)
    ui.tap(next(b for b in ui.buttons() if b.text == "3"))
    assert setup.players == 3 and names(ui) == ["P1", "P2", "P3"]
    ups = [b for b in ui.buttons() if b.text == "Move up"]  # the second and the third seat's
    ui.tap(ups[1])
    assert names(ui) == ["P1", "P3", "P2"]


def test_a_name_is_typed_on_the_apps_own_keyboard(ui) -> None:
    from ui.app.keyboard import NameEditor

    setup = open_setup(ui)
    ui.tap(setup.inputs[0])
    assert isinstance(setup.editor, NameEditor)
    for char in "Zo":  # the driver's touches; tests/app/test_setup_keys.py taps with the real pointer
        ui.tap(next(k for k in setup.editor.keyboard.letters if k.char.lower() == char.lower()))
    ui.tap(next(k for k in setup.editor.keyboard.letters if k.char == "é"))
    ui.tap(next(k for k in setup.editor.keyboard.all_keys() if k.text == "Done"))
    assert setup.editor is None and setup.names[0] == "Zoé"
    assert names(ui)[0] == "Zoé"


def test_an_option_shows_the_rulebooks_value_and_changes_by_touch(ui) -> None:
    setup = open_setup(ui)
    default = GAMES.find("kai-piranja").profile_type().capture_requires_banking
    assert default is False
    toggle = ui.button("no (the rulebook's)")
    ui.tap(toggle)
    assert setup.options["capture_requires_banking"] is True
    assert ui.button("yes (rulebook: no)")
    before = setup.options["removed_at_3_4_players"]
    ui.tap(next(b for b in ui.buttons() if b.text == "+"))
    assert setup.options["removed_at_3_4_players"] == before + 1


def test_start_refuses_an_empty_or_doubled_name_and_keeps_what_was_set(ui) -> None:
    setup = open_setup(ui)
    ui.tap("No camera: moves by hand")
    setup.names[1] = ""
    ui.tap("Start the game")
    assert ui.app.current == "setup"
    assert "Seat 2 has no name: type one." in ui.texts()
    setup.names[1] = "P1"
    ui.tap("Start the game")
    assert any("Two seats are called P1" in t for t in ui.texts())
    assert ui.app.library.saved_games(GAMES) == []  # nothing saved until the setup is right
    setup.names[1] = "Bo"
    ui.tap("Start the game")
    assert ui.app.current == "live"
    assert ui.app.table.session.seats[:2] == ("P1", "Bo")


def test_options_out_of_range_are_refused_in_words(ui) -> None:
    setup = open_setup(ui)
    ui.tap("No camera: moves by hand")
    setup.options["small_sated_empty_sea"] = 9
    ui.tap("Start the game")
    assert ui.app.current == "setup"
    assert any("These options do not go together" in t for t in ui.texts()), ui.texts()


def test_a_folder_that_cannot_be_written_is_said_as_such_not_as_bad_options(ui, monkeypatch) -> None:
    import errno
    import os

    real_open = os.open

    def read_only(name, flags, *args):  # as a read-only folder refuses the saved game's lock file
        if str(name).endswith(".lock"):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(name))
        return real_open(name, flags, *args)

    open_setup(ui)
    ui.tap("No camera: moves by hand")
    monkeypatch.setattr(os, "open", read_only)
    ui.tap("Start the game")
    assert ui.app.current == "setup"
    told = [t for t in ui.texts() if "The game cannot be saved" in t]
    assert told and "read-only" in told[0] and "options" not in told[0], ui.texts()
    assert "/" not in told[0], "the folder's path is for the log"


def test_the_camera_check_shows_the_image_and_the_verdict(ui) -> None:
    ui.app.options.source = "synthetic:2"
    setup = open_setup(ui)
    ui.tap("Check the camera")
    ui.until(lambda: setup.check.result is not None, 30, "the camera check")
    ui.app.go("setup")
    result = setup.check.result
    assert result.image is not None and result.image.width == 640
    for line in result.advice:
        assert line in ui.texts()


def test_a_missing_camera_is_said_by_the_check(ui) -> None:
    ui.app.options.source = "webcam:9"
    setup = open_setup(ui)
    ui.tap("Check the camera")
    ui.until(lambda: setup.check.result is not None, 30, "the camera check")
    ui.app.go("setup")
    assert any("No camera found" in t for t in ui.texts()), ui.texts()  # in words: webcam:9 is for the log


def test_the_minus_and_plus_of_a_whole_number_option_stop_at_its_range(ui) -> None:
    setup = open_setup(ui)
    ui.tap("No camera: moves by hand")
    ends = {"removed_at_3_4_players": 0, "small_sated_farandole": 28, "small_sated_empty_sea": 4}
    setup.options.update(ends)
    setup.refresh()
    ui.pump(2)

    def touch(
        sign: str, row: int
    ) -> None:  # the page is drawn again after each touch: find the button afresh
        ui.tap([b for b in ui.buttons() if b.text == sign][row])

    for _ in range(2):  # past each end (the options' rows in their order), a touch leaves the value there
        touch("−", 0), touch("+", 1), touch("+", 2)
    assert {name: setup.options[name] for name in ends} == ends
    ui.screenshot("setup-options-at-their-ends")
    touch("+", 0), touch("−", 2)  # and away from it, it moves
    assert (setup.options["removed_at_3_4_players"], setup.options["small_sated_empty_sea"]) == (1, 3)
    ui.tap("Start the game")
    assert ui.app.current == "live"


def test_an_option_out_of_range_is_told_in_the_screens_language(ui) -> None:
    setup = open_setup(ui)
    ui.tap("No camera: moves by hand")
    setup.options["removed_at_3_4_players"] = -1  # the − button pressed once too often
    ui.app.set_language("fr")
    ui.pump(2)
    ui.tap("Commencer la partie")
    assert ui.app.current == "setup"
    assert (
        "Ces options ne vont pas ensemble : l'option de règle 'removed_at_3_4_players' doit être comprise entre 0 "
        "et 139" in ui.texts()
    ), ui.texts()
