"""Subcommands of ``uno-companion``; see companion/cli.py."""
