"""Hardware: camera sources, buzzer, buttons. Device libraries are imported lazily."""
