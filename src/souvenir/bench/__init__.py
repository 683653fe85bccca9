"""Benchmarks shipped with the CLI (``souvenir bench …``)."""
