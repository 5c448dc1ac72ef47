module github.com/lore-kb/lore

go 1.26.8

require (
	github.com/kljensen/snowball v0.10.0
	golang.org/x/text v0.43.0
)
