"""The base every layer stands on: the input frame, scenes, settings, records and safe file writes."""
