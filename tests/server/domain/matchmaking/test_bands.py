"""The band curve and the grouping, without a server."""

from __future__ import annotations

from server.domain.matchmaking.bands import Waiting, bot_filled, fits, form, width

CURVE = [(0.0, 2.0), (10.0, 2.0), (20.0, 12.0)]


def test_width_is_piecewise_linear_and_flat_after_the_last_point() -> None:
    assert width(CURVE, 0) == 2.0
    assert width(CURVE, 10) == 2.0
    assert width(CURVE, 15) == 7.0
    assert width(CURVE, 20) == 12.0
    assert width(CURVE, 500) == 12.0


def test_a_group_fits_only_within_its_narrowest_band() -> None:
    fresh = [Waiting(str(i), r, 0.0) for i, r in enumerate([0, 1, 2, 2])]
    assert fits(fresh, CURVE)
    spread = [Waiting(str(i), r, 0.0) for i, r in enumerate([0, 1, 2, 3])]
    assert not fits(spread, CURVE)
    # one of them has waited long, the others not: the newcomers' band still binds
    mixed = [Waiting("a", 0, 20.0), *[Waiting(str(i), r, 0.0) for i, r in enumerate([1, 2, 3])]]
    assert not fits(mixed, CURVE)
    assert fits([Waiting(str(i), r, 20.0) for i, r in enumerate([0, 4, 8, 12])], CURVE)


def test_form_groups_close_ratings_disjointly_and_widens_with_the_wait() -> None:
    ratings = [0, 0.5, 1, 1.5, 30, 30.5, 31, 50]
    waiting = [Waiting(f"p{i}", r, 0.0) for i, r in enumerate(ratings)]
    groups = form(waiting, CURVE)
    assert [[w.player_id for w in g] for g in groups] == [["p0", "p1", "p2", "p3"]]
    later = [Waiting(f"p{i}", r, 20.0) for i, r in enumerate(ratings)]
    groups = form(later, CURVE)
    seated = [w.player_id for g in groups for w in g]
    assert len(seated) == len(set(seated)) == 4  # 30..31 and 50 are 19+ apart: no second table


def test_bot_fill_waits_for_the_longest_waiting_player() -> None:
    waiting = [Waiting("a", 0, 30.0), Waiting("b", 1, 5.0), Waiting("c", 40, 5.0)]
    assert bot_filled(waiting, CURVE, None) is None
    assert bot_filled(waiting, CURVE, 60.0) is None
    group = bot_filled(waiting, CURVE, 30.0)
    assert group is not None and [w.player_id for w in group] == ["a", "b"]
