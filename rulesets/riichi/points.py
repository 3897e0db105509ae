"""Basic points, limits and who pays what (riichi.md §10.1-10.2)."""

from __future__ import annotations

from rulesets.riichi.options import RiichiOptions

LIMIT_BASE: dict[str, int] = {
    "mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "yakuman": 8000,
}


def up100(x: int) -> int:
    return -(-x // 100) * 100


def limit_for_han(han: int, opts: RiichiOptions) -> str | None:
    """The limit reached by ``han`` alone (5 han and more), kazoe included."""
    if han >= 13:
        return "yakuman" if opts.kazoe == "yakuman" else "sanbaiman"
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han >= 5:
        return "mangan"
    return None


def base_points(han: int, fu: int, yakuman: int, opts: RiichiOptions) -> tuple[int, str | None]:
    """(basic points, limit name or None). ``yakuman`` is the yakuman multiple (0 if none)."""
    if yakuman:
        return 8000 * yakuman, "yakuman"
    limit = limit_for_han(han, opts)
    if limit is not None:
        return LIMIT_BASE[limit], limit
    base = fu << (2 + han)
    if base > 2000 or (opts.kiriage_mangan and (han, fu) in _KIRIAGE):
        return 2000, "mangan"
    return base, None


_KIRIAGE = ((4, 30), (3, 60))  # §10.1: base 1920 rounded up to mangan


def payment(base: int, dealer: bool, tsumo: bool) -> tuple[dict[str, int], int]:
    """What each payer pays (hand-jsonl ``payment``) and what the winner receives in all,
    before honba and deposits. Each payment is rounded up to 100 on its own (§10.2)."""
    if not tsumo:
        amount = up100(base * (6 if dealer else 4))
        return {"ron": amount}, amount
    if dealer:
        each = up100(2 * base)
        return {"non_dealer": each}, 3 * each
    from_dealer = up100(2 * base)
    from_other = up100(base)
    return {"dealer": from_dealer, "non_dealer": from_other}, from_dealer + 2 * from_other


def three_player_tsumo(
    pay: dict[str, int], dealer: bool, north_bisection: bool
) -> tuple[dict[str, int], int]:
    """A self-drawn win at a three-player table (docs/rules/sanma.md): the two payers pay
    their four-player shares and the absent seat's share is not paid (tsumo-son, Tenhou),
    or with ``north_bisection`` (Mahjong Soul's room option) it is split between them, each
    half rounded up to 100. ``pay`` is the four-player ``payment``; returns each payer's
    share and the winner's total."""
    absent = pay["non_dealer"]
    if north_bisection:
        half = up100(absent // 2 + absent % 2)
        pay = {who: owed + half for who, owed in pay.items()}
    if dealer:
        return pay, 2 * pay["non_dealer"]
    return pay, pay["dealer"] + pay["non_dealer"]


def received(base: int, dealer: bool, tsumo: bool) -> int:
    """What the winner receives in all (the ``total`` of ``payment``), computed directly."""
    if not tsumo:
        return -(-base * (6 if dealer else 4) // 100) * 100
    if dealer:
        return 3 * (-(-2 * base // 100) * 100)
    return -(-2 * base // 100) * 100 + 2 * (-(-base // 100) * 100)
