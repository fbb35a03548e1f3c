"""Vision: camera frames -> card sightings -> play events (numpy + OpenCV only)."""
