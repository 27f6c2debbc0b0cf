"""The steps of a recorded game in words: "Move 10: A♠ from pile 10 onto K♠ of pile 14"."""

from __future__ import annotations

from crescent.i18n import catalog
from crescent.moves import Move
from crescent.tables import PILE_COUNT
from crescent.timeline import Step


def describe_step(step: Step, lang: str) -> str:
    """ "Move 10: A♠ from pile 10 onto K♠ of pile 14", "First redeal: ..."."""
    words = catalog(lang)
    action = step.action
    if action is None:
        return words.text("step.start")
    if not isinstance(action, Move):
        return words.text(f"step.redeal-{step.redeal_number}")
    source, target = action
    card = step.before.top(source)
    assert card is not None, "a recorded move always has a card to move"
    if source.is_pile and target.is_pile:
        key = "step.pile-to-pile"
    elif source.is_pile:
        key = "step.pile-to-up" if target.ascending else "step.pile-to-down"
    else:
        key = "step.up-to-down" if source.ascending else "step.down-to-up"
    return words.format(
        key,
        number=step.move_number,
        card=card,
        target_card=step.before.top(target) if target < PILE_COUNT else "",
        source_number=source + 1,
        target_number=target + 1,
        source=source,
        target=target,
        suit=words.suit_name(card),
    )
