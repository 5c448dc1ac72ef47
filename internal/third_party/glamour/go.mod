module charm.land/glamour/v2

go 1.25.8

require (
	charm.land/lipgloss/v2 v2.0.4
	github.com/charmbracelet/x/ansi v0.11.7
	github.com/charmbracelet/x/exp/slice v0.0.0-20250327172914-2fdc97757edf
	github.com/yuin/goldmark v1.7.8
	github.com/yuin/goldmark-emoji v1.0.5
	golang.org/x/net v0.39.0
	golang.org/x/text v0.24.0
)

require (
	github.com/aymanbagabas/go-udiff v0.4.1 // indirect
	github.com/charmbracelet/colorprofile v0.4.3 // indirect
	github.com/charmbracelet/ultraviolet v0.0.0-20251205161215-1948445e3318 // indirect
	github.com/charmbracelet/x/term v0.2.2 // indirect
	github.com/charmbracelet/x/termios v0.1.1 // indirect
	github.com/charmbracelet/x/windows v0.2.2 // indirect
	github.com/clipperhouse/displaywidth v0.11.0 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/lucasb-eyer/go-colorful v1.4.0 // indirect
	github.com/mattn/go-runewidth v0.0.23 // indirect
	github.com/muesli/cancelreader v0.2.2 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/xo/terminfo v0.0.0-20220910002029-abceb7e1c41e // indirect
	golang.org/x/sync v0.18.0 // indirect
	golang.org/x/sys v0.45.0 // indirect
)
