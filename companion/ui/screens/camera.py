"""Camera check: the live picture with the card the recogniser sees outlined and named,
the frame rate, and "teach this deck" (label a few photos of the table's own cards)."""

from __future__ import annotations

from kivy.graphics import Color, Line
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, StringProperty

from companion.ui import theme as T
from companion.ui.screens.base import BaseScreen
from companion.words import card_name


class CameraScreen(BaseScreen):
    seen = StringProperty("")
    fps_text = StringProperty("")
    teach_text = StringProperty("")
    teaching = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._texture = None
        self._shown_index = None
        self._teach = None
        self._label_for_photo = None

    def refresh(self) -> None:
        feed = self.app.feed
        if feed is None:
            self.seen = "No camera is set up: [camera] source in config.toml."
        elif not feed.reads_cards:
            self.seen = "The camera works, but card reading is not available."
        self.on_frame()

    def on_frame(self) -> None:
        feed = self.app.feed
        if feed is None:
            return
        preview = feed.latest()
        self.fps_text = f"{feed.fps:.1f} frames/s · {self.app.camera_status}"
        if preview is None:
            return
        h, w = preview.image.shape[:2]
        if preview.index == self._shown_index:
            self._outline(preview.corners, w, h)   # the view may have moved or resized
            return
        self._shown_index = preview.index
        image = preview.image
        if self._texture is None or self._texture.size != (w, h):
            self._texture = Texture.create(size=(w, h), colorfmt="rgb")
            self._texture.flip_vertical()   # picture rows run top-down, textures bottom-up
        self._texture.blit_buffer(image.tobytes(), colorfmt="bgr", bufferfmt="ubyte")
        view = self.ids.preview
        view.texture = self._texture
        view.canvas.ask_update()
        if feed.reads_cards:
            self.seen = (f"{card_name(preview.label)} ({preview.confidence:.0%} sure)"
                         if preview.label else "no card")
        self._outline(preview.corners, w, h)

    def _outline(self, corners, w: int, h: int) -> None:
        view = self.ids.preview
        group = view.canvas.after
        group.clear()
        if corners is None:
            return
        scale = min(view.width / w, view.height / h) if w and h else 1.0
        ox = view.center_x - w * scale / 2
        oy = view.center_y - h * scale / 2
        points = []
        for x, y in list(corners) + [corners[0]]:
            points += [ox + float(x) * scale, oy + (h - float(y)) * scale]
        group.add(Color(*T.ACCENT))
        group.add(Line(points=points, width=3))

    # --- teach this deck ----------------------------------------------------------------------
    def start_teaching(self) -> None:
        from companion.teaching import TeachSession

        self._teach = TeachSession()
        self.teaching = True
        self.teach_text = ("Put one card under the camera, tap Photo and say which card it "
                           "is. A few photos of each colour and symbol are enough.")

    def take_photo(self) -> None:
        from companion.ui.widgets.picker import CardPicker

        def chosen(label: str) -> None:
            self._label_for_photo = label
            self.app.feed.request_photo()
            self.teach_text = f"Taking a photo of the {card_name(label)} ..."

        if self.app.feed is None:
            return
        self.pick(CardPicker, "Which card is under the camera?", chosen)

    def photo_taken(self, image) -> None:
        if self._teach is None or self._label_for_photo is None:
            return
        self._teach.add(self._label_for_photo, image)
        n = len(self._teach.photos)
        self.teach_text = (f"{n} photo{'s' if n != 1 else ''}: last {card_name(self._label_for_photo)}."
                           " Another card, or Learn.")
        self._label_for_photo = None

    def learn(self) -> None:
        if self._teach is None or not self._teach.photos:
            self.teach_text = "Take at least one photo first."
            return
        self.teach_text = "Learning the deck ..."
        base = getattr(getattr(self.app.feed, "recognizer", None), "profile", None)
        self._teach.learn(lambda result: self.app.post(lambda: self._learnt(result)), base)

    def _learnt(self, result) -> None:
        self.teaching = False
        if result.path is None:
            self.teach_text = f"Nothing learnt: {result.error}"
            return
        feed = self.app.feed
        try:
            from vision.recognizer import Recognizer

            feed.recognizer = Recognizer(result.profile)
        except Exception as err:
            self.teach_text = f"Saved {result.path}, but it could not be used now: {err}"
            return
        skipped = f" ({len(result.skipped)} photo(s) not usable)" if result.skipped else ""
        self.teach_text = (f"Learnt {sum(result.used.values())} photo(s){skipped}, in use now. "
                           f"Saved as {result.path}: set [camera] deck_profile to it.")

    def close(self) -> None:
        self.teaching = False
        self.app.close_screen()
