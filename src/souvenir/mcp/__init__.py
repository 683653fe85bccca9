"""The Model Context Protocol face (``souvenir mcp``), through the library like the other faces.

- :mod:`~souvenir.mcp.server` — the tools and the server over one :class:`souvenir.Souvenir`;
- :mod:`~souvenir.mcp.stdio` — the stdio transport's input, read a bounded line at a time.
"""
