//! Lessons: a course per variant, each lesson a position and a task judged from a turn's events.
