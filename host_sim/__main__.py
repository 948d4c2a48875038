"""Command line of the host simulator.

    python -m host_sim replay FILE     play a .l10 record, print JSON (FILE may be -)
"""

import argparse
import sys

import host_sim  # noqa: F401  (puts firmware/ on sys.path)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim", description="Level 10 on the desktop.")
    sub = ap.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="play a .l10 game record and print the position as JSON")
    rp.add_argument("file", help="the record, or - for standard input")
    args = ap.parse_args(argv)
    if args.command == "replay":
        from host_sim import replay

        return replay.main(args.file)
    return 2


if __name__ == "__main__":
    sys.exit(main())
