"""Research tools, host only: the hint engine in C (fastsim), the open-hand solver, where games
are lost (losses), and the rule of thumb's weight tuner. Not needed to play, deploy or test."""
