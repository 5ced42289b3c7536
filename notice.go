package crgen

import _ "embed" // NOTICE travels with the data

// Notice is the text of NOTICE: whose the rules' data is, and on what
// terms it may be redistributed. Every set of files the project exports
// or attaches to a release carries it, as NOTICE says they must.
//
//go:embed NOTICE
var Notice string

// NoticeFile is the name it has beside the files it covers.
const NoticeFile = "NOTICE"
