"""Level 10's last New game choices (app/level10/choices.py) apart from the settings that
know no game (app/settings.py): the record's bytes, and a handheld updated from the time
both lived in one settings file keeping all it had, whichever is saved first; damaged
files; power cuts while Start saves the choices; the record not kept in memory."""

import sys

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from app import settings as cfg
from app.app import App
from app.level10 import choices, saves
from app.run import labels
from app.store import Store
from host_sim import sim
from level10 import rules
from tests.test_store import FakeFlash, PowerCut
from tools import micropython as mpy

# version 1 settings: brightness 50, sleep after 10 minutes, then Level 10's Pro (1 pause)
# and 4 players, flags: reasons (bit 0) and pass and play (bit 1)
OLD = b"LC\x01\x32\x0a\x01\x04\x03"
OLD_OFFERED = ["Difficulty: Pro", "Deal: random", "Start", "Players: 4", "Teammates: pass and play"]
DEFAULT_OFFERED = ["Difficulty: Standard", "Deal: random", "Start", "Players: 1 (solo)"]


# -- the record ---------------------------------------------------------------------------


def made(pauses, players, pass_play):
    c = choices.Choices()
    c.pauses, c.players, c.pass_play = pauses, players, pass_play
    return c


def test_choices_defaults_round_trip():
    c = choices.Choices()
    data = choices.encode(c)
    assert data == b"LN\x01\x02\x01\x00"
    assert vars(choices.decode(data)) == vars(c) == {"pauses": 2, "players": 1, "pass_play": False}


def test_choices_round_trip_every_choice():
    for p in range(4):
        for players in range(1, 6):
            for pass_play in (False, True):
                c = made(p, players, pass_play)
                data = choices.encode(c)
                assert data[3:] == bytes((p, players, pass_play))
                assert vars(choices.decode(data)) == vars(c)


def test_choices_clamped():
    assert vars(choices.decode(b"LN\x01\x09\x00\x01")) == {"pauses": 3, "players": 1, "pass_play": True}
    assert vars(choices.decode(b"LN\x01\xff\xff\x00")) == {"pauses": 3, "players": 5, "pass_play": False}
    assert choices.encode(made(7, 0, 2)) == b"LN\x01\x03\x01\x01"


def test_choices_reject_junk():
    good = choices.encode(choices.Choices())
    for d in (b"", good[:-1], good + b"\x00", b"LC" + good[2:], good[:2] + b"\x02" + good[3:], good[:5] + b"\x02", OLD):
        with pytest.raises(ValueError) as e:
            choices.decode(d)
        assert str(e.value) == "not new game choices"


def choices_meant(data):
    """(pauses, players, pass_play) that the bytes stand for, pulled into range, or None
    when they are not choices."""
    if len(data) != 6 or data[:3] != b"LN\x01" or data[5] > 1:
        return None
    return min(data[3], 3), min(max(data[4], 1), 5), data[5] == 1


CHOICES_BYTES = st.one_of(
    st.tuples(st.binary(min_size=2, max_size=2), st.integers(0, 1)).map(lambda v: b"LN\x01" + v[0] + bytes([v[1]])),
    st.binary(min_size=3, max_size=3).map(lambda values: b"LN\x01" + values),
    st.binary(max_size=9),
)


@settings(max_examples=300, deadline=None)
@given(CHOICES_BYTES)
def test_choices_decode_pulls_every_value_into_range(data):
    meant = choices_meant(data)
    event("choices" if meant else "not choices")
    try:
        c = choices.decode(data)
    except ValueError:
        assert meant is None
        return
    assert (c.pauses, c.players, c.pass_play) == meant
    assert vars(choices.decode(choices.encode(c))) == vars(c)


def test_the_old_settings_hold_level_10s_choices():
    assert vars(choices.from_old(OLD)) == {"pauses": 1, "players": 4, "pass_play": True}
    # written before pass and play existed: bit 1 clear, bots
    assert vars(choices.from_old(b"LC\x01\x50\x05\x00\x03\x01")) == {"pauses": 0, "players": 3, "pass_play": False}
    assert vars(choices.from_old(b"LC\x01\x50\x05\x09\x00\x00")) == {"pauses": 3, "players": 1, "pass_play": False}
    for not_old in (None, b"", OLD[:-1], OLD + b"\x00", b"LC\x02" + OLD[3:], OLD[:7] + b"\x04", b"LC\x02\x32\x0a\x01"):
        assert vars(choices.from_old(not_old)) == vars(choices.Choices())


PARITY = r"""
from app.level10 import choices

def hx(b):
    return "".join("%02x" % c for c in b)

for raw in (b"LN\x01\x00\x03\x01", b"LN\x01\xff\xc8\x00", b"LN\x01\x02\x00\x01"):
    c = choices.decode(raw)
    print(c.pauses, c.players, c.pass_play, hx(choices.encode(c)))
for bad in (b"", b"LN\x02\x02\x01\x00", b"LN\x01\x02\x01\x02", b"LC\x01\x32\x0a\x01\x04\x03"):
    try:
        choices.decode(bad)
    except ValueError as e:
        print("bad:", e)
for old in (b"LC\x01\x32\x0a\x01\x04\x03", b"LC\x01\x50\x05\x00\x03\x01", b"LC\x02\x32\x0a\x01"):
    c = choices.from_old(old)
    print(c.pauses, c.players, c.pass_play)
"""


def test_same_under_micropython():
    cp = mpy.run_cpython(PARITY)
    assert cp.count("bad: not new game choices") == 4 and "1 4 True" in cp
    assert mpy.run(PARITY) == cp


# -- on the handheld ------------------------------------------------------------------------


def power_up(root, board="pico_display"):
    """The handheld powered up, on Level 10's menu (the first row of the games menu)."""
    hh = sim.Handheld(board, root)
    app = App(hh.device.display, Store(root), labels(hh.profile), hh.device, 0)
    app.games_note = " ".join(app.screen.info)  # a damaged file's note is told there
    if app.screen.title == "Games":
        app.key("ok", 0)
    return app


def choose(app, label):
    """Move to the item whose label starts with `label` and press OK."""
    t = app.screen
    for _ in range(len(t.items)):
        if t.label(t.focus).startswith(label):
            app.key("ok", 0)
            return
        app.key("down", 0)
    raise AssertionError("no %r on %r" % (label, [t.label(i) for i in range(len(t.items))]))


def offered(app):
    t = app.screen
    return [t.label(i) for i in range(len(t.items))]


def new_game_offers(root):
    app = power_up(root)
    choose(app, "New game")
    assert type(app.screen).__name__ == "NewGame"
    return offered(app)


def settings_offered(app):
    choose(app, "Settings")
    shown = offered(app)
    app.key("back", 0)
    return shown


def test_a_handheld_with_the_old_settings_keeps_them_all_after_the_update(tmp_path):
    root = str(tmp_path)
    Store(root).write(cfg._OLD, OLD)
    app = power_up(root)
    assert vars(app.settings) == {"brightness": 50, "sleep_after": 10, "reasons": True}
    assert app.device._level == 50 and app.note is None
    assert settings_offered(app) == ["Brightness: 50%", "Sleep after: 10 min", "Why refused: yes", "Back"]
    choose(app, "New game")
    t = app.screen
    assert (t.pauses, t.players, t.mode) == (1, 4, saves.PASS) and offered(app) == OLD_OFFERED
    # only looked at: nothing written, the old file as it was
    st = Store(root)
    assert st.read(cfg.FILE) is None and st.read(choices.FILE) is None and st.read(cfg._OLD) == OLD


def test_settings_changed_first_leave_level_10s_old_choices_where_they_were(tmp_path):
    root = str(tmp_path)
    Store(root).write(cfg._OLD, OLD)
    app = power_up(root)
    choose(app, "Settings")
    choose(app, "Brightness")  # 50 -> 70, saved at once, in the new format
    st = Store(root)
    assert st.read(cfg.FILE) == b"LC\x02\x46\x0a\x01" and st.read(cfg._OLD) == OLD
    app = power_up(root)  # the new file wins from now on
    assert vars(app.settings) == {"brightness": 70, "sleep_after": 10, "reasons": True}
    assert new_game_offers(root) == OLD_OFFERED


def test_start_keeps_the_choices_in_level_10s_own_file_and_the_old_file_no_longer_counts(tmp_path):
    root = str(tmp_path)
    Store(root).write(cfg._OLD, OLD)
    app = power_up(root)
    choose(app, "New game")
    app.key("left", 0)  # Pro -> Standard
    choose(app, "Players")  # 4 -> 5
    choose(app, "Teammates")  # pass and play -> bots
    choose(app, "Start")
    assert type(app.screen).__name__ == "Team" and rules.players(app.screen.game.state) == 5
    assert "app.level10.choices" not in sys.modules and "app.level10.newgame" not in sys.modules
    st = Store(root)
    assert st.read(choices.FILE) == b"LN\x01\x02\x05\x00" and st.read(cfg._OLD) == OLD
    st.remove("game")
    assert new_game_offers(root)[:4] == ["Difficulty: Standard", "Deal: random", "Start", "Players: 5"]
    # the old settings were brightness 50; the settings were never changed, so they stand
    assert vars(power_up(root).settings) == {"brightness": 50, "sleep_after": 10, "reasons": True}


def test_a_solo_start_is_kept_as_solo_and_bots(tmp_path):
    root = str(tmp_path)
    Store(root).write(choices.FILE, choices.encode(made(0, 3, True)))
    app = power_up(root)
    choose(app, "New game")
    assert offered(app) == ["Difficulty: Master", "Deal: random", "Start", "Players: 3", "Teammates: pass and play"]
    app.key("down", 0)
    app.key("down", 0)
    app.key("down", 0)
    for _ in range(3):
        app.key("right", 0)  # players 3 -> 4 -> 5 -> 1: solo
    choose(app, "Start")
    assert type(app.screen).__name__ == "Play"
    assert vars(choices.decode(Store(root).read(choices.FILE))) == {"pauses": 0, "players": 1, "pass_play": False}


def test_a_fresh_handheld_offers_the_defaults_and_writes_nothing_until_asked(tmp_path):
    root = str(tmp_path)
    app = power_up(root)
    assert vars(app.settings) == vars(cfg.Settings()) and app.note is None
    assert settings_offered(app) == ["Brightness: 80%", "Sleep after: 5 min", "Why refused: yes", "Back"]
    choose(app, "New game")
    assert offered(app) == DEFAULT_OFFERED
    app.key("back", 0)
    assert app.screen.title == "Level 10"
    assert sorted(tmp_path.iterdir()) == []


def test_the_record_is_not_kept_in_memory_while_the_new_game_menu_is_open(tmp_path):
    root = str(tmp_path)
    Store(root).write(choices.FILE, choices.encode(made(3, 2, False)))
    app = power_up(root)
    choose(app, "New game")
    assert app.screen.pauses == 3 and app.screen.players == 2
    assert "app.level10.choices" not in sys.modules  # loaded to read them, then let go
    assert not any(type(v).__name__ == "Choices" for v in vars(app.screen).values())
    app.key("back", 0)
    assert app.screen.title == "Level 10"
    assert "app.level10.choices" not in sys.modules and "app.level10.newgame" not in sys.modules


def test_watch_a_game_plays_the_last_difficulty_and_keeps_nothing(tmp_path):
    root = str(tmp_path)
    Store(root).write(cfg._OLD, b"LC\x01\x50\x05\x03\x01\x01")  # Beginner, from the old file
    app = power_up(root)
    choose(app, "Watch a game")
    assert type(app.screen).__name__ == "Watch" and rules.pauses(app.screen.game.state) == 3
    assert "app.level10.choices" not in sys.modules
    Store(root).write(choices.FILE, choices.encode(made(1, 2, True)))  # then a Pro game started
    app = power_up(root)
    choose(app, "Watch a game")
    assert rules.pauses(app.screen.game.state) == 1 and rules.players(app.screen.game.state) == 1


# -- damaged files ----------------------------------------------------------------------------


JUNK = [b"\x00" * 40, b"LG\x01garbage", bytes(range(256)) * 2]


def note_on_the_menu(app):
    """The note told on the games menu at power-up, else on Level 10's menu."""
    return getattr(app, "games_note", "") or " ".join(app.screen.info)


@pytest.mark.parametrize("name", [cfg.FILE, cfg._OLD])
@pytest.mark.parametrize("junk", JUNK)
def test_damaged_settings_give_a_short_message_and_the_defaults(tmp_path, name, junk):
    """The same for the settings: the defaults when nothing else is there."""
    root = str(tmp_path)
    Store(root).write(choices.FILE, choices.encode(made(1, 2, False)))  # not the settings' business
    for slot in (".a", ".b"):
        (tmp_path / (name + slot)).write_bytes(junk)
    app = power_up(root)
    assert vars(app.settings) == vars(cfg.Settings())
    assert app.screen.title == "Level 10" and note_on_the_menu(app) in ("not a save file", "save damaged")
    assert not (tmp_path / (name + ".a")).exists() and not (tmp_path / (name + ".b")).exists()
    assert new_game_offers(root)[:4] == ["Difficulty: Pro", "Deal: random", "Start", "Players: 2"]
    again = power_up(root)
    assert not again.screen.info and not again.games_note  # told once


def test_settings_that_are_not_settings_are_removed_too_and_the_old_ones_stand(tmp_path):
    root = str(tmp_path)
    Store(root).write(cfg.FILE, b"LC\x02\x50\x05\x07")
    app = power_up(root)
    assert note_on_the_menu(app) == "not settings" and vars(app.settings) == vars(cfg.Settings())
    assert Store(root).read(cfg.FILE) is None
    Store(root).write(cfg.FILE, b"LC\x02\x50\x05\x07")
    Store(root).write(cfg._OLD, OLD)
    app = power_up(root)
    assert note_on_the_menu(app) == "not settings" and app.settings.brightness == 50
    assert Store(root).read(cfg.FILE) is None and Store(root).read(cfg._OLD) == OLD


def test_damaged_old_settings_lose_level_10s_old_choices_too(tmp_path):
    for slot in (".a", ".b"):
        (tmp_path / (cfg._OLD + slot)).write_bytes(b"LG\x01garbage")
    assert new_game_offers(str(tmp_path)) == DEFAULT_OFFERED


@pytest.mark.parametrize("old", [False, True], ids=["fresh", "updated"])
@pytest.mark.parametrize("junk", [None] + JUNK)
def test_damaged_choices_are_removed_with_a_short_message_once(tmp_path, junk, old):
    """As any damaged file read through App.load: removed, the player told once, and what
    there was before it offered (the old settings' choices on a handheld updated from
    them, else the defaults)."""
    root = str(tmp_path)
    if old:
        Store(root).write(cfg._OLD, OLD)
    if junk is None:
        Store(root).write(choices.FILE, b"LN\x01\x02\x01\x05")  # a good copy, but not choices
    else:
        for slot in (".a", ".b"):
            (tmp_path / (choices.FILE + slot)).write_bytes(junk)
    app = power_up(root)
    assert app.note is None  # nothing read yet: the title menu is quiet
    choose(app, "New game")
    expected = OLD_OFFERED if old else DEFAULT_OFFERED
    assert offered(app) == expected
    app.key("back", 0)
    assert note_on_the_menu(app) in ("not new game choices", "not a save file", "save damaged")
    assert Store(root).read(choices.FILE) is None
    app = power_up(root)  # the next time: quiet
    choose(app, "New game")
    assert offered(app) == expected
    app.key("back", 0)
    assert app.screen.title == "Level 10" and not app.screen.info


# -- power cuts ---------------------------------------------------------------------------------


def flash_up(flash):
    """Powered up on `flash`: on Level 10's table if it resumed, else on its menu."""
    flash.reboot()
    hh = sim.Handheld("oled_128x64")
    app = App(hh.device.display, Store("/", flash), labels(hh.profile), None, 0)
    app.games_note = " ".join(getattr(app.screen, "info", ()))
    if getattr(app.screen, "title", "") == "Games":
        app.key("ok", 0)  # Level 10
    return app


@pytest.mark.parametrize("kind", ["eager", "junk"])
def test_a_power_cut_while_start_saves_the_choices_loses_at_most_them(kind):
    """Start writes the choices, then the new game: cut at every step of that, the next
    power-up offers the old choices or the new ones, says nothing, and is either on the
    title menu or at the new game's first move."""
    flash = FakeFlash(kind)
    Store("/", flash).write(cfg._OLD, OLD)
    snap = flash.snapshot()
    seen = set()
    k = 0
    while True:
        flash.files = dict(snap)
        app = flash_up(flash)
        choose(app, "New game")
        choose(app, "Players")  # 4 -> 5
        flash.cut_at = flash.steps + k
        try:
            choose(app, "Start")
        except PowerCut:
            pass
        else:
            break
        back = flash_up(flash)
        assert back.note is None, k
        where = type(back.screen).__name__
        if where == "Menu":
            choose(back, "New game")
            players = back.screen.players
            if back.note:
                # a garbled last byte of the very first copy looks damaged (app/store.py):
                # it is removed and the old choices offered
                assert kind == "junk" and back.note == "save damaged" and players == 4, k
                seen.add(("told", players))
            else:
                assert players in (4, 5), k
                seen.add((where, players))
        else:
            assert where == "Team" and back.screen.game.played == 0, (k, where)
            assert choices.decode(Store("/", flash).read(choices.FILE)).players == 5
            seen.add((where, 5))
        k += 1
    assert seen - {("told", 4)} == {("Menu", 4), ("Menu", 5), ("Team", 5)}
