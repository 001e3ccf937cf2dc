"""The designer's tools around the pipeline: the cache, the replayed check, watch, new, play, targets."""
