"""The command line: the banker's prompt, the referee's questions, the log tools."""
