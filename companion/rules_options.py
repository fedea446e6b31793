"""A game's rules options in words, for ``companion rules``: each option of its rules profile with its one-line
explanation and the rulebook's value, as the app's setup screen shows them. Reached through the registry
(``GameSpec.options``), so every game's are listed with no code of its own."""

from __future__ import annotations

from companion.i18n import N_, translator
from companion.registry import GameSpec

HEADING = N_("Rules options, each with the rulebook's value (the app's setup screen changes them):")
LINE = N_("- {why} (rulebook: {value})")
YES, NO = N_("yes"), N_("no")


def option_lines(spec: GameSpec, language: str) -> list[str]:
    """The heading and one line an option, in ``language``; none for a game whose profile has no option."""
    options = spec.options
    if not options:
        return []
    tr, game_tr = translator(language), translator(language, spec.domain, spec.locale_dir)
    rulebook = spec.profile_type()
    lines = [tr(HEADING)]
    for option in options:
        value = getattr(rulebook, option.name)
        if isinstance(value, bool):
            said = tr(YES if value else NO)
        else:  # a number, or a choice's code (`first-tiki`): quoted, as codes are, never translated
            said = f"`{value}`" if isinstance(value, str) else str(value)
        lines.append(tr(LINE, why=game_tr(option.why), value=said))
    return lines
