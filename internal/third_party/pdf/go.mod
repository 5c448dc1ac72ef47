module github.com/ledongthuc/pdf

go 1.25.0

require golang.org/x/image v0.45.0
