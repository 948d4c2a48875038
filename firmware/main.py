"""Power-up on the Pico: run the app on the board profile deploy wrote as board.py."""

import board

from app.run import main

main(board)
