module github.com/mtgrules/crgen

go 1.26.0

require (
	github.com/PuerkitoBio/goquery v1.13.0
	golang.org/x/text v0.44.0
)

require (
	github.com/andybalholm/cascadia v1.3.4 // indirect
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/sergi/go-diff v1.4.0 // indirect
	golang.org/x/net v0.58.0 // indirect
)
