package engine

// Summary says in one plain line what a finished stage produced, for
// progress lines and logs.
func (f StageFinished) Summary() string {
	if f.Status == StageSkipped {
		if f.Reason == "" {
			return "skipped"
		}
		return "skipped: " + f.Reason
	}
	if f.Err != "" {
		return f.Err
	}
	if f.Result == nil {
		return ""
	}
	return f.Result.Summary()
}
