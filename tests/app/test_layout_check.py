"""The layout check itself catches what it is there to catch (tests/app/layout.py)."""

from __future__ import annotations

from tests.app.layout import layout_problems


def test_the_check_names_a_cut_text_a_small_target_small_print_and_a_broken_word(ui) -> None:
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.button import Button
    from kivy.uix.label import Label

    dpi = ui.app.options.display.dpi
    box = BoxLayout(size=(800, 400))
    box.add_widget(Button(text="Supercalifragilisticexpialidocious", font_size=40, size_hint=(None, None),
                          size=(120, 60)))  # fmt: skip
    box.add_widget(Button(text="ok", font_size=30, size_hint=(None, None), size=(30, 30)))
    box.add_widget(Label(text="tiny", font_size=10))
    narrow = Label(
        text="il pesce", font_size=40, size_hint=(None, None), size=(80, 200), text_size=(80, None)
    )
    box.add_widget(narrow)  # "pesce" is wider than 80 px: Kivy breaks it ("pesc/e")
    box.do_layout()
    for child in box.children:
        child.texture_update()
    problems = "\n".join(layout_problems(box, dpi))
    assert "'Supercalifragilisticexpialidocious' overflows" in problems
    assert "touch target 'ok'" in problems
    assert "'tiny' is 1.9 mm high" in problems
    assert "'pesce' is broken across lines in 'il pesce'" in problems
    assert "'il' is broken" not in problems
    assert len(layout_problems(ui.page, dpi)) == 0  # the home screen itself is fine
