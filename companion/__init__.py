"""The UNO Dare! / UNO Dice table companion."""

__version__ = "0.1.0"
