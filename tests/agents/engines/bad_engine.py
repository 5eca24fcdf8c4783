"""An engine that breaks the protocol on purpose, one way per MODE (standard library only).

    python bad_engine.py MODE [ACTS]

MODE: ``crash-at-start`` (exits before ready), ``crash-mid-game`` (exits at
act number ACTS), ``sleep`` (sleeps past any clock at act ACTS), ``garbage``
(answers act ACTS with text that is not JSON), ``flood-stderr`` (writes
megabytes to stderr before every answer, and plays well otherwise),
``long-line`` (answers act ACTS with a line over 1 MiB), ``illegal``
(answers act ACTS with an action that is not legal), ``wrong-step``,
``record FILE`` (plays the first legal action and appends every line it
reads to FILE), ``pid FILE`` (appends its process id to FILE, then plays
the first legal action slowly), ``silent-hello`` (never says ready).
"""

import json
import os
import sys
import time


def main() -> None:
    mode = sys.argv[1]
    arg = sys.argv[2] if len(sys.argv) > 2 else "3"
    when = int(arg) if arg.isdigit() else 0
    if mode == "crash-at-start":
        sys.exit(3)
    record = open(arg, "a", encoding="utf-8") if mode == "record" else None  # noqa: SIM115
    if mode == "pid":
        with open(arg, "a", encoding="utf-8") as pids:
            pids.write(f"{os.getpid()}\n")
    acts = 0
    for line in sys.stdin:
        if record is not None:
            record.write(line)
            record.flush()
        message = json.loads(line)
        if message["type"] == "hello":
            if mode == "silent-hello":
                time.sleep(60)
            print(json.dumps({"type": "ready", "name": f"bad-{mode}"}), flush=True)
        elif message["type"] == "act":
            acts += 1
            answer = {"type": "action", "step": message["step"], "action": message["legal"][0]}
            if mode == "pid":
                time.sleep(0.05)
            elif mode == "flood-stderr":
                sys.stderr.write("x" * 1_000_000 + "\n")
                sys.stderr.flush()
            elif acts == when and mode == "crash-mid-game":
                sys.exit(4)
            elif acts == when and mode == "sleep":
                time.sleep(60)
            elif acts == when and mode == "garbage":
                print("this is not json", flush=True)
                continue
            elif acts == when and mode == "long-line":
                sys.stdout.write("x" * (1_048_576 + 10) + "\n")
                sys.stdout.flush()
                continue
            elif acts == when and mode == "illegal":
                answer["action"] = f"{message['view']['seat']} bid 99999"
            elif acts == when and mode == "wrong-step":
                answer["step"] = message["step"] + 1
            print(json.dumps(answer), flush=True)
        elif message["type"] == "quit":
            return


if __name__ == "__main__":
    main()
