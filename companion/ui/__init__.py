"""The touchscreen: a Kivy app over the GUI-free ``companion.table.TableController``.

``app`` holds the App (screen manager, the Kivy clock wired to the controller and the
camera feed); ``screens`` one module and one ``.kv`` per screen; ``widgets`` the card
view, the seat ring, the keyboard and pickers. Importing this package imports no Kivy.
"""
