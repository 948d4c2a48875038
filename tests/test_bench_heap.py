"""`python -m tools.bench heap`: the peak per heap layout, weighed against the board's budget."""

from tools import apprun, bench


def test_heap_rows_weigh_every_layout_against_the_boards_budget(monkeypatch):
    peaks = iter([100, 49_153, 300, 200])  # one layout over the OLED's 49,152 B
    calls = []

    def run(board, keys, pad=0, ticks=False):
        calls.append((board, keys, pad, ticks))
        return {"peak": next(peaks), "qstrs": 7, "qstr_bytes": 99}, []

    monkeypatch.setattr(apprun, "run_micropython", run)
    monkeypatch.setattr(bench, "game_keys", lambda game, board: ["ok", game])
    out = bench.bench_heap(["oled_128x64"], ["board"])
    row = out.splitlines()[-1]
    assert row == "| board | `oled_128x64` | 100 / 49,153 / 300 / 200 | 49,153 | 49,152 (over) | 7 (99 B) |"
    assert [c[2] for c in calls] == list(bench.LAYOUTS)  # every layout, the same keys, ticks on
    assert all(c[:2] == ("oled_128x64", ["ok", "board"]) and c[3] for c in calls)


def test_level10s_heap_is_weighed_without_ticks_as_the_app_bench_does(monkeypatch):
    seen = []
    monkeypatch.setattr(
        apprun,
        "run_micropython",
        lambda b, k, pad=0, ticks=False: (seen.append(ticks) or {"peak": 1, "qstrs": 0, "qstr_bytes": 0}, []),
    )
    monkeypatch.setattr(bench, "game_keys", lambda game, board: [])
    assert "(within)" in bench.bench_heap(["pico_display"], ["level10"])
    assert seen == [False] * len(bench.LAYOUTS)
