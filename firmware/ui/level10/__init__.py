"""Level 10's drawing: the table on a colour screen (`colour`) and on the OLED (`mono`).

The table's steps and the items of its cursor ring are named here, below both the views
and the table that moves the cursor (app/level10/play.py), so the views need nothing of
the app.
"""

from compat import const

# the step the player is in
PICK = const(0)  # choose a card to play, or Reset / Undo / Hint / Menu
ROW = const(1)  # a pause or a reset was chosen: choose its row
UNDER = const(2)  # after a reset: choose 0-2 hand cards to put under the deck, then Done
BURY = const(3)  # a pause once the deck is empty: choose a card to bury, or Done

# ring items after the hand cards
RESET = const(100)
UNDO = const(101)
HINT = const(102)
MENU = const(103)
DONE = const(104)  # the action item in UNDER and BURY
TALK = const(105)  # with teammates: what the seat on turn may announce
