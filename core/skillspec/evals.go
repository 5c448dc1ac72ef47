package skillspec

// Where a skill keeps its evals, relative to its folder, in the form the
// Agent Skills ecosystem uses (anthropics/skills' skill-creator):
// evals/evals.json holds task evals ({"skill_name", "evals": [{"id",
// "prompt", "expected_output", "expectations"}]}), evals/trigger_evals.json
// the queries that should and should not load the skill ([{"query",
// "should_trigger"}]).
const (
	EvalsFile        = "evals/evals.json"
	TriggerEvalsFile = "evals/trigger_evals.json"
)
