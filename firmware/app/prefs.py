"""The player's settings as the App holds them while it runs (app/settings.py says what
each means and how they are stored).

A class alone, kept apart so that the settings' code (storing them, reading older files,
the Settings screen's labels) can be unloaded while the App keeps the values: an object
holds its class, and a class defined in app.settings would keep all of that module loaded.
"""


class Settings:
    def __init__(self):
        self.brightness = 80
        self.sleep_after = 5
        self.reasons = True
