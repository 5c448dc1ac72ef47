# Everyday tasks. Each target is the command the README gives, so the two
# never disagree; `make help` lists them.

GO                    ?= go
GOBIN                 ?= $(shell $(GO) env GOPATH)/bin
GOLANGCI_LINT_VERSION ?= v2.15.0
GOLANGCI_LINT         ?= $(GOBIN)/golangci-lint

.PHONY: help build test test-short lint bench screens demo

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-11s %s\n", $$1, $$2}'

build: ## build ./lore, pure Go as released
	CGO_ENABLED=0 $(GO) build -o lore ./cmd/lore

test: ## the README's test command: vet, then every test
	$(GO) vet ./... && $(GO) test ./...

test-short: ## the quick tests: the large stores, long learns and long PDFs skipped
	$(GO) test -short ./...

lint: $(GOLANGCI_LINT) ## the linters of .golangci.yml
	$(GOLANGCI_LINT) run ./...

$(GOLANGCI_LINT):
	GOBIN=$(GOBIN) $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)

bench: ## the benchmarks of docs/benchmarks.md, once each
	$(GO) test -run x -bench 'LearnDryRun|Commit100k' -benchmem ./e2e/
	$(GO) test -run x -bench . -benchtime 1x -cpu 1 ./core/dedup/
	$(GO) test -run x -bench . -benchmem ./core/engine/
	$(GO) test -run x -bench . ./tui/ ./tui/pipeline/ ./tui/findings/

screens: ## regenerate docs/screens and docs/screens.md from real runs on the corpus (needs tmux)
	sh scripts/screens.sh

demo: ## learn the embedded sample into a temporary store and show it
	$(GO) run ./cmd/lore demo
