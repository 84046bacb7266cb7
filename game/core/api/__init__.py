"""The API's shared parts: base view, error shape, JSON parser, throttling."""
