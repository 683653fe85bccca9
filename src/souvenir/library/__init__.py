"""The front door for Python: :class:`Souvenir` (and :class:`AsyncSouvenir`) over one store.

    from souvenir import Souvenir

    with Souvenir.open("memories.db") as memory:
        memory.add_turn("ann", "I adopted a cat called Kopi", reply="Lovely!")
        print(memory.context("ann", "how is my cat?").block)

A user is named by their id (``user``) on a channel (``channel``, default the one given to
:meth:`Souvenir.open`, else :data:`~souvenir.schemas.DEFAULT_CHANNEL`, ``api``: the default of
every face, the CLI included). When no user of that id exists in the channel asked, a read's
answer says so in ``unknown_user`` and an :class:`~souvenir.ground.errors.UnknownError` names the
channels where the id does exist (a store written by an older CLI keeps its users in ``cli``). Every answer is a model of :mod:`souvenir.schemas`, the
same the REST service sends and :mod:`souvenir.client` returns, so the three give the same
answers for the same calls (a memory's counters count every context answered before the
call that returns it). Every error is a :class:`~souvenir.ground.errors.SouvenirError`:
:class:`~souvenir.ground.errors.InputError` for bad input (nothing written),
:class:`~souvenir.ground.errors.UnknownError` for an unknown user or another user's memory,
:class:`~souvenir.ground.errors.StoreError` when the store fails.

Every face calls this class: the REST routes (:mod:`souvenir.api.routes`), the proxy, the CLI
and the MCP server (none of them imports the engine or the store). Besides the turn loop and
the memories, it has what those faces need: the user's zone, the forgotten memories, the
diagnostics, replay and import, the index, the outbox jobs and the API keys.

The package: :mod:`~souvenir.library.facade` (:class:`Souvenir`: the turn loop, the
memories, the users), :mod:`~souvenir.library.operations` (its base: what it has for the
service and its operators — the index, the outbox, the API keys, the counters),
:mod:`~souvenir.library.opening` (settings from a target) and :mod:`~souvenir.library.aio`
(:class:`AsyncSouvenir`).
"""

from souvenir.library.aio import AsyncSouvenir
from souvenir.library.facade import Souvenir
from souvenir.library.opening import settings_for

__all__ = ["AsyncSouvenir", "Souvenir", "settings_for"]
