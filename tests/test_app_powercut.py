"""The app itself killed while it saves: the power goes off at every step of writing a
move's save (tests/test_store.py's fake flash dies there), and at power-up the app is back
at the last saved move: the one before, or the one being saved, never anything else.

tests/test_saves.py does this for every move of many games at the store's level; here the
whole app runs (its table, its end of game), for the moves most likely to go wrong: the
first ones, some in the middle, and the last, whose save is a removal plus statistics."""

import pytest

from app.app import App
from app.level10 import stats
from app.run import labels
from app.store import Store
from host_sim import sim
from host_sim.autoplay import key_toward
from level10 import record
from tests.test_store import FakeFlash, PowerCut

with open("records/won-solo.l10") as f:
    REC = record.parse(f.read())


def power_up(hh, flash):
    flash.reboot()
    return App(hh.device.display, Store("/", flash), labels(hh.profile), None, 0)


def play_move(app, m):
    """Press keys on the table until move `m` is played."""
    t = app.screen
    n = t.game.played
    while type(app.screen).__name__ == "Play" and app.screen.game.played == n:
        app.key(key_toward(app.screen, m), 0)


def at_move(app):
    t = app.screen
    return t.game.played if type(t).__name__ == "Play" else None


@pytest.fixture(scope="module")
def saved_after():
    """The flash as it stands after each move of the record, made by playing it once."""
    hh = sim.Handheld("oled_128x64")
    flash = FakeFlash("eager")
    from level10.game import Game

    g = Game(players=1, pauses=REC.pauses, seed=REC.seed)
    from app.level10 import saves

    Store("/", flash).write("game", saves.encode(g))  # a game at move 0, as New game leaves it
    snaps = [flash.snapshot()]
    app = power_up(hh, flash)
    for m in REC.moves:
        play_move(app, m)
        snaps.append(flash.snapshot())
    assert app.screen.title.startswith("You won!")
    return hh, snaps


@pytest.mark.parametrize("move", [1, 2, 3, 17, 33, 49, 50])
def test_power_cut_at_every_step_of_a_moves_save(saved_after, move):
    hh, snaps = saved_after
    flash = FakeFlash("eager")
    cuts = 0
    k = 0
    while True:
        flash.files = dict(snaps[move - 1])
        app = power_up(hh, flash)
        assert at_move(app) == move - 1
        flash.cut_at = flash.steps + k
        try:
            play_move(app, REC.moves[move - 1])
        except PowerCut:
            cuts += 1
        else:
            break  # k is past the last step of this move's save: it completed
        back = power_up(hh, flash)
        now = at_move(back)
        if move < 50:
            assert now in (move - 1, move), (move, k, now)
        else:  # the game's end: the save is removed (then the statistics are written)
            assert now in (49, None), (move, k, now)
            if now is None:
                assert stats.load(back).rows[REC.pauses][0] <= 1  # never counted twice
        k += 1
    assert cuts > 10


def test_a_cut_in_the_middle_of_every_moves_save_loses_at_most_that_move(saved_after):
    hh, snaps = saved_after
    flash = FakeFlash("junk")
    for move in range(1, 51):
        flash.files = dict(snaps[move - 1])
        app = power_up(hh, flash)
        flash.cut_at = flash.steps + 7  # inside the header or the payload of the new copy
        with pytest.raises(PowerCut):
            play_move(app, REC.moves[move - 1])
        expected = (move - 1, move) if move < 50 else (49, None)
        assert at_move(power_up(hh, flash)) in expected, move
