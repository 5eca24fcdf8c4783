"""Search and analysis: IS-MCTS (:mod:`.tree`), play-outs (:mod:`.rollout`), ``analyse``."""
