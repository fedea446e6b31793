"""Speech: the referee's announcements said aloud by espeak-ng on a thread of their own (never the UI's)."""
