"""The Settings screen: brightness, sleep time, and whether refusals are explained.

Changes apply at once and are saved at once (each is one small write to flash).
"""

from app.screen import Menu


def settings_screen(app, back=None):
    from app import settings

    s = app.settings
    back = back or (lambda a: a.home())

    def change(step):
        def act(a):
            step()
            a.apply_settings()
            a.save_settings()

        return act

    def brighter():
        s.brightness = s.brightness + 20 if s.brightness <= 80 else 20

    def longer():
        s.sleep_after = settings.next_sleep(s.sleep_after)

    def explain():
        s.reasons = not s.reasons

    labels = settings.sleep_label

    items = [
        [lambda: "Brightness: %d%%" % s.brightness, change(brighter)],
        [lambda: "Sleep after: " + labels(s.sleep_after), change(longer)],
        [lambda: "Why refused: " + ("yes" if s.reasons else "no"), change(explain)],
        ["Back", back],
    ]
    app.go(Menu("Settings", items, back=back))
