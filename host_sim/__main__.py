"""Command line of the host simulator.

    python -m host_sim [--board NAME] [--save-dir DIR]           play in a window (pygame)
    python -m host_sim --board NAME --headless --press "A A X B" --screenshot out.png
                                                                 press buttons, save the screen
    python -m host_sim replay FILE                                play a .l10 or .l8 record, print JSON
    python -m host_sim level8 check|extend ...                    judge Level 8 combinations, print JSON
"""

import argparse
import os
import sys

import host_sim  # noqa: F401  (puts firmware/ on sys.path)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["replay"]:
        rp = argparse.ArgumentParser(prog="python -m host_sim replay",
                                     description="Play a .l10 or .l8 game record and print the position as JSON.")
        rp.add_argument("file", help="the record, or - for standard input")
        args = rp.parse_args(argv[1:])
        from host_sim import replay

        return replay.main(args.file)
    if argv[:1] == ["level8"]:
        from host_sim import level8

        return level8.main(argv[1:])
    import boards

    ap = argparse.ArgumentParser(
        prog="python -m host_sim",
        description="The handheld simulator: the Pico firmware (Level 10, LEVEL 8, Level Up, "
        "Level 8: Das Brettspiel) on stand-in hardware. `python -m host_sim replay FILE` plays a "
        "game record instead; `python -m host_sim level8 check|extend` judges LEVEL 8 combinations.",
    )
    ap.add_argument("--board", default="pico_display", help="board profile: " + ", ".join(boards.names()))
    ap.add_argument("--headless", action="store_true", help="no window: press --press, then --screenshot")
    ap.add_argument("--press", default="", help='button names of the board, in order, e.g. "A A X B"')
    ap.add_argument("--screenshot", help="write the screen 1:1 to this PNG file (headless)")
    ap.add_argument("--save-dir", help="folder kept as the Pico's flash, so games resume across runs")
    ap.add_argument("--scale", type=int, help="window pixels per screen pixel")
    args = ap.parse_args(argv)
    try:
        boards.load(args.board)
    except boards.UnknownBoard as e:
        print("host_sim: %s" % e, file=sys.stderr)
        return 2
    from host_sim import sim

    if args.headless:
        try:
            sim.headless(args.board, args.press.split(), args.screenshot, args.save_dir)
        except ValueError as e:
            print("host_sim: %s" % e, file=sys.stderr)
            return 2
        return 0
    if args.press or args.screenshot:
        print("host_sim: --press and --screenshot need --headless", file=sys.stderr)
        return 2
    headless = 'python -m host_sim --board %s --headless --press "%s" --screenshot screen.png' % (
        args.board,
        " ".join(name for name, _ in boards.load(args.board).BUTTONS),
    )
    why = sim.no_display(os.environ, sys.platform)
    if why:
        print("host_sim: no display: %s; run headless instead: %s" % (why, headless), file=sys.stderr)
        return 2
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame
    except ImportError:
        print("host_sim: the window needs pygame (pip install pygame), or run headless: " + headless,
              file=sys.stderr)
        return 2
    try:
        sim.window(args.board, args.save_dir, args.scale)
    except sim.NoDisplay as e:
        print("host_sim: no display: %s; run headless instead: %s" % (e, headless), file=sys.stderr)
        return 2
    except pygame.error as e:
        print("host_sim: no display: cannot open a window (%s); run headless instead: %s" % (e, headless),
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
