package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gjs "github.com/google/jsonschema-go/jsonschema"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/lore-kb/lore/cli/skillscmd"
	"github.com/lore-kb/lore/cli/watchcmd"
	"github.com/lore-kb/lore/core/api"
	"github.com/lore-kb/lore/core/api/lorev1"
	"github.com/lore-kb/lore/core/report"
)

// The JSON a command prints with --json is documented by one schema per
// command in docs/json, made from the API's messages: these tests keep
// the files equal to what the messages say (LORE_UPDATE_SCHEMAS=1 writes
// them), and the contract test checks every answer against its schema.

// jsonCommands maps a command to the schema of its --json answer.
var jsonCommands = map[string]func() (map[string]any, error){
	"sessions":          messageSchema(&lorev1.SessionsResponse{}),
	"rank":              messageSchema(&lorev1.RankResponse{}),
	"show":              messageSchema(&lorev1.ShowResponse{}),
	"conflicts":         messageSchema(&lorev1.ConflictsResponse{}),
	"conflicts resolve": messageSchema(&lorev1.ResolveResponse{}),
	"unlearn":           messageSchema(&lorev1.UnlearnResponse{}),
	"whoami":            messageSchema(&lorev1.WhoAmIResponse{}),
	"queue":             messageSchema(&lorev1.JobsResponse{}),
	"graph":             messageSchema(&lorev1.GraphResponse{}),
	"edit":              messageSchema(&lorev1.CurateResponse{}),
	"link":              messageSchema(&lorev1.CurateResponse{}),
	"unlink":            messageSchema(&lorev1.CurateResponse{}),
	"merge":             messageSchema(&lorev1.CurateResponse{}),
	"split":             messageSchema(&lorev1.CurateResponse{}),
	"reject":            messageSchema(&lorev1.CurateResponse{}),
	"dismiss":           messageSchema(&lorev1.CurateResponse{}),
	"users add":         messageSchema(&lorev1.AddUserResponse{}),
	"users list":        messageSchema(&lorev1.ListUsersResponse{}),
	"users revoke":      messageSchema(&lorev1.RevokeUserResponse{}),
	"learn":             messageSchema(&lorev1.LearnReport{}),
	"store verify":      messageSchema(&lorev1.VerifyStoreResponse{}),
	"store backup":      messageSchema(&lorev1.BackupStoreResponse{}),
	"find":              goSchema[api.FindResult],
	"report":            goSchema[report.View],
	"error":             goSchema[jsonError],
	"skills list":       messageSchema(&lorev1.ListSkillsResponse{}),
	"skills show":       messageSchema(&lorev1.GetSkillResponse{}),
	"skills search":     messageSchema(&lorev1.SearchSkillsResponse{}),
	// The queue, one skill as lore skills show gives it, or a decision.
	"skills review":   oneOfMessages(&lorev1.QueueResponse{}, &lorev1.GetSkillResponse{}, &lorev1.ReviewSkillResponse{}),
	"skills allow":    messageSchema(&lorev1.AllowSkillResponse{}),
	"skills feedback": messageSchema(&lorev1.SkillFeedbackResponse{}),
	"skills used":     messageSchema(&lorev1.SkillFeedbackResponse{}),
	"skills report":   messageSchema(&lorev1.SkillFeedbackResponse{}),
	"skills propose":  messageSchema(&lorev1.ProposeSkillResponse{}),
	"skills share":    messageSchema(&lorev1.PromoteSkillResponse{}),
	"skills activate": messageSchema(&lorev1.ActivateSkillResponse{}),
	"skills import":   messageSchema(&lorev1.ImportSkillsResponse{}),
	"skills rollback": messageSchema(&lorev1.RollbackSkillResponse{}),
	"skills warn":     messageSchema(&lorev1.WarnSkillResponse{}),
	"skills edit":     messageSchema(&lorev1.EditSkillResponse{}),
	"skills prompt":   messageSchema(&lorev1.PromptSkillsResponse{}),
	"skills resolve":  messageSchema(&lorev1.ResolveSkillsResponse{}),
	"skills merge":    messageSchema(&lorev1.MergeSkillsResponse{}),
	"skills eval":     messageSchema(&lorev1.EvalSkillsResponse{}),
	// What it wrote here of the bundle the API sent.
	"skills export": goSchema[skillscmd.ExportOut],
	// What the watch did, counted here.
	"watch": goSchema[watchcmd.Stats],
}

// jsonError is what any command prints with --json when it fails before
// printing its answer.
type jsonError struct {
	Errors   []string `json:"errors"`
	ExitCode int      `json:"exitCode"`
}

// schemaFile is where the schema of command is documented.
func schemaFile(command string) string {
	return filepath.Join("..", "..", "docs", "json", strings.ReplaceAll(command, " ", "-")+".schema.json")
}

func TestJSONSchemasAreDocumented(t *testing.T) {
	for command, schema := range jsonCommands {
		s, err := schema()
		if err != nil {
			t.Fatalf("%s: %v", command, err)
		}
		s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
		s["title"] = "lore " + command + " --json"
		if command == "error" {
			s["title"] = "a command's failure with --json"
		}
		b, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		b = append(b, '\n')
		file := schemaFile(command)
		if os.Getenv("LORE_UPDATE_SCHEMAS") != "" {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, b, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if got, err := os.ReadFile(file); err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s is not the schema of lore %s --json (LORE_UPDATE_SCHEMAS=1 go test ./cmd/lore -run %s writes it): %v",
				file, command, t.Name(), err)
		}
	}
}

// checkJSON checks the answer r of lore args (with --json) against the
// documented schema of its command, or of a failure.
func checkJSON(t *testing.T, args []string, r result) {
	t.Helper()
	// The longest command the words before the first flag name: a
	// group (users) has no answer of its own, its commands do.
	command := ""
	for _, x := range args {
		next := strings.TrimSpace(command + " " + x)
		if _, ok := jsonCommands[next]; !ok && !isGroup(next) {
			break
		}
		command = next
	}
	if r.code != 0 {
		// An answer printed before the failure (an import that skipped
		// skills) keeps its shape, with the failure's fields added.
		var obj map[string]json.RawMessage
		if json.Unmarshal([]byte(r.stdout), &obj) == nil && len(obj) > 2 && command != "" {
			delete(obj, "errors")
			delete(obj, "exitCode")
			b, err := json.Marshal(obj)
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstSchema(t, command, string(b))
			return
		}
		command = "error"
	}
	checkAgainstSchema(t, command, r.stdout)
}

// isGroup reports a command whose subcommands have schemas (skills).
func isGroup(command string) bool {
	for c := range jsonCommands {
		if strings.HasPrefix(c, command+" ") {
			return true
		}
	}
	return false
}

// checkAgainstSchema checks out, lore command's --json answer, against
// the documented schema.
func checkAgainstSchema(t *testing.T, command, out string) {
	t.Helper()
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(schemaFile(command))
	if err != nil {
		t.Fatalf("schema of %s: %v", command, err)
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Errorf("lore %s --json printed no JSON: %v\n%s", command, err, out)
		return
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("lore %s --json does not follow %s: %v\n%s", command, schemaFile(command), err, clip(out, 1500))
	}
}

// goSchema is the schema of T's JSON.
func goSchema[T any]() (map[string]any, error) {
	s, err := gjs.For[T](nil)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	return out, json.Unmarshal(b, &out)
}

// messageSchema is the schema of m as lore prints it (protojson with
// every field): names in lowerCamelCase, every field present but a proto3
// optional one, 64-bit integers as strings, a message unset as null.
func messageSchema(m interface{ ProtoReflect() protoreflect.Message }) func() (map[string]any, error) {
	return func() (map[string]any, error) {
		defs := map[string]any{}
		root := messageDef(m.ProtoReflect().Descriptor(), defs)
		if len(defs) > 0 {
			root["$defs"] = defs
		}
		return root, nil
	}
}

// oneOfMessages is the schema of a command whose answer is one of ms,
// as the arguments choose.
func oneOfMessages(ms ...interface{ ProtoReflect() protoreflect.Message }) func() (map[string]any, error) {
	return func() (map[string]any, error) {
		defs := map[string]any{}
		var roots []any
		for _, m := range ms {
			roots = append(roots, messageDef(m.ProtoReflect().Descriptor(), defs))
		}
		return map[string]any{"oneOf": roots, "$defs": defs}, nil
	}
}

func messageDef(md protoreflect.MessageDescriptor, defs map[string]any) map[string]any {
	props := map[string]any{}
	var required []string
	fields := md.Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		props[f.JSONName()] = fieldSchema(f, defs)
		if !f.HasOptionalKeyword() {
			required = append(required, f.JSONName())
		}
	}
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

func fieldSchema(f protoreflect.FieldDescriptor, defs map[string]any) map[string]any {
	var s map[string]any
	switch {
	case f.IsMap():
		s = map[string]any{"type": "object", "additionalProperties": kindSchema(f.MapValue(), defs)}
	case f.IsList():
		s = map[string]any{"type": "array", "items": kindSchema(f, defs)}
	case f.Kind() == protoreflect.MessageKind:
		s = map[string]any{"anyOf": []any{kindSchema(f, defs), map[string]any{"type": "null"}}}
	default:
		s = kindSchema(f, defs)
	}
	return s
}

// kindSchema is the schema of one value of f's kind.
func kindSchema(f protoreflect.FieldDescriptor, defs map[string]any) map[string]any {
	switch f.Kind() {
	case protoreflect.StringKind, protoreflect.EnumKind, protoreflect.BytesKind:
		return map[string]any{"type": "string"}
	case protoreflect.BoolKind:
		return map[string]any{"type": "boolean"}
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Uint32Kind, protoreflect.Fixed32Kind, protoreflect.Sfixed32Kind:
		return map[string]any{"type": "integer"}
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Uint64Kind, protoreflect.Fixed64Kind, protoreflect.Sfixed64Kind:
		return map[string]any{"type": "string", "pattern": "^-?[0-9]+$"}
	case protoreflect.DoubleKind, protoreflect.FloatKind:
		return map[string]any{"type": "number"}
	case protoreflect.MessageKind:
		md := f.Message()
		name := string(md.Name())
		if _, ok := defs[name]; !ok {
			defs[name] = true // taken while the message's own fields are made
			defs[name] = messageDef(md, defs)
		}
		return map[string]any{"$ref": "#/$defs/" + name}
	}
	return map[string]any{}
}
