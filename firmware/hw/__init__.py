"""Hardware layer: display drivers, buttons and the device; the only code importing `machine`."""
