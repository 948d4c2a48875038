"""LEVEL 8 and Level Up in a few screens, for the How to play pager; %(wild)s is the
game's word for a wild (Level Up's rulebook says joker)."""

TEXT = """Be the first to get through all 8 levels. Each round everyone gets 10 cards; each player works on their own level.

Levels: 1) two runs of 3; 2) four pairs; 3) a run of 3 + 4 cards of one colour; 4) a run of 6 + a pair; 5) a run of 7; 6) a pair + two triples; 7) a triple + 5 cards of one colour; 8) a pair + a triple + four of a kind.

A run is numbers in a row (any colours, no 15 to 1). A set is cards of one number. A colour group is cards of one colour. A %(wild)s stands for any number or colour (never a Skip); once laid, its value stays.

Cards are written by colour letter and number: R7 is red 7 (R O Y G B V). W is a %(wild)s, S a Skip. A laid %(wild)s shows its value: W7 stands for a 7, WG for green. A long run shows its ends (R3..R6), a long set its number and size (7s x4), a colour group its colour and size (green x5).

Your turn: Draw, from the draw pile or the top of any discard pile. Then, if you can, lay out your whole level (Lay out shows the best ways your hand can). Once laid out, you may add cards to any laid combination: choose a card in your hand. End by choosing a card to discard, or a Skip to give to a player who has none in front of them: they miss their next turn.

The round ends when someone gets rid of their last card: they go up 2 levels, everyone else who laid out goes up 1. Laying out level 8 wins at once; so does going out after laying out level 7.

Keys: %(ok)s chooses, %(back)s opens the menu. The table's top lines are the other players: their level, a tick once laid out, their cards in hand, their discard pile's top, and a mark when a Skip waits for them (SKIP, or ! on the small screen). Table shows every laid combination. Sort sorts your hand by number or by colour. Hint shows a good move (the game then counts as assisted).

Pass and play: everyone shares the handheld; a screen hides the hands until the next player presses %(ok)s."""

UP = """

Level Up: the same game with 5 jokers. With the keep option (New game), a player on level 5 or higher who did not lay out may keep up to 4 cards for the next round: choose them (%(ok)s again on one takes it back), then Done."""
