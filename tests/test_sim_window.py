"""The simulator's window (pygame, on SDL's dummy video driver here): keys press the
board's buttons, and the window shows the emulated panel, scaled. pygame comes with the
dev extras (pyproject.toml), so a missing pygame fails here rather than skipping."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from host_sim import sim  # noqa: E402


@pytest.mark.parametrize("board, key, button, scale", [("pico_display", "y", "Y", 3), ("oled_128x64", "down", "DOWN", 5)])
def test_window_keys_press_buttons_and_show_the_panel(tmp_path, board, key, button, scale):
    hh = sim.Handheld(board, str(tmp_path))
    win = sim.Window(hh)
    assert win.scale == scale
    binds, text = sim.key_bindings(hh.profile)
    assert binds[key] == button and button + "=" in text
    presses = []

    def run_until(frames, events):
        for ev in events:
            pygame.event.post(ev)
        for _ in range(frames):
            win.sleep_ms(1)

    # the app draws its title; the window copies the panel, scaled
    from app.app import App
    from app.run import labels
    from app.store import Store

    app = App(hh.device.display, Store(str(tmp_path)), labels(hh.profile), hh.device, 0)
    run_until(1, [])
    w, h, rgb = hh.screen()
    x, y = 3, 3
    px = win.surface.get_at((x * scale + 1, y * scale + 1))
    assert tuple(px)[:3] == tuple(rgb[(y * w + x) * 3 : (y * w + x) * 3 + 3])
    # a key down drives the button's pin to its pressed level, a key up lets it go
    gpio = hh.pins[button]
    code = pygame.key.key_code(key)
    run_until(1, [pygame.event.Event(pygame.KEYDOWN, key=code)])
    presses.append(hh.machine.level(gpio))
    run_until(1, [pygame.event.Event(pygame.KEYUP, key=code)])
    presses.append(hh.machine.level(gpio))
    assert presses == [0, 1]  # active low
    # closing the window ends the run
    with pytest.raises(sim.Stop):
        run_until(1, [pygame.event.Event(pygame.QUIT)])
    assert app.screen is not None
