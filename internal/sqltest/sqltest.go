// Package sqltest is a database/sql driver for tests, with no database
// behind it: each row inserted is kept as the driver received it (after
// database/sql converted each argument, calling its driver.Valuer), and
// given back as written, so a test sees exactly what a real driver would
// store and what a Scanner would read back. Columns are TEXT or INTEGER
// as the statement says: INSERT INTO t (TEXT, INTEGER) VALUES (?, ?)
// stores its first argument as text, the second as a number, the way a
// typed column of SQLite or PostgreSQL would (a number given to a TEXT
// column is stored as its digits).
package sqltest

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// Name is the driver's name, for sql.Open(sqltest.Name, dsn); each dsn is
// a database of its own, living as long as the process.
const Name = "crgen-sqltest"

func init() { sql.Register(Name, &sqlDriver{dbs: map[string]*db{}}) }

type sqlDriver struct {
	mu  sync.Mutex
	dbs map[string]*db
}

type db struct {
	mu   sync.Mutex
	rows [][]driver.Value
}

func (d *sqlDriver) Open(dsn string) (driver.Conn, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.dbs[dsn] == nil {
		d.dbs[dsn] = &db{}
	}
	return &conn{d.dbs[dsn]}, nil
}

type conn struct{ db *db }

func (c *conn) Prepare(query string) (driver.Stmt, error) { return &stmt{c.db, query}, nil }
func (c *conn) Close() error                              { return nil }
func (c *conn) Begin() (driver.Tx, error)                 { return nil, errors.New("sqltest: no transactions") }

type stmt struct {
	db    *db
	query string
}

func (s *stmt) Close() error  { return nil }
func (s *stmt) NumInput() int { return -1 }

// columns are the column types of "INSERT INTO t (TEXT, INTEGER, ...)".
func (s *stmt) columns() []string {
	_, rest, ok := strings.Cut(s.query, "(")
	if !ok {
		return nil
	}
	list, _, _ := strings.Cut(rest, ")")
	var out []string
	for _, c := range strings.Split(list, ",") {
		out = append(out, strings.ToUpper(strings.TrimSpace(c)))
	}
	return out
}

// Exec stores a row: INSERT, each argument converted to its column's type.
func (s *stmt) Exec(args []driver.Value) (driver.Result, error) {
	if !strings.HasPrefix(s.query, "INSERT") {
		return nil, fmt.Errorf("sqltest: only INSERT executes, not %q", s.query)
	}
	cols := s.columns()
	if len(cols) != len(args) {
		return nil, fmt.Errorf("sqltest: %d columns, %d arguments", len(cols), len(args))
	}
	row := make([]driver.Value, len(args))
	for i, a := range args {
		v, err := store(cols[i], a)
		if err != nil {
			return nil, fmt.Errorf("sqltest: column %d: %w", i+1, err)
		}
		row[i] = v
	}
	s.db.mu.Lock()
	s.db.rows = append(s.db.rows, row)
	n := len(s.db.rows)
	s.db.mu.Unlock()
	return driver.RowsAffected(n), nil
}

// store is what a typed column keeps of a value.
func store(col string, v driver.Value) (driver.Value, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case int64:
		if col == "TEXT" {
			return strconv.FormatInt(x, 10), nil
		}
		return x, nil
	case string:
		if col == "INTEGER" {
			n, err := strconv.ParseInt(x, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%q into an INTEGER column", x)
			}
			return n, nil
		}
		return x, nil
	case []byte:
		return store(col, string(x))
	}
	return nil, fmt.Errorf("%T is no value this driver stores", v)
}

// Query gives back row n (SELECT with one argument, the row's number
// from 1): TEXT as []byte, as most drivers give it, INTEGER as int64.
func (s *stmt) Query(args []driver.Value) (driver.Rows, error) {
	if !strings.HasPrefix(s.query, "SELECT") || len(args) != 1 {
		return nil, fmt.Errorf("sqltest: only SELECT of one row number queries, not %q", s.query)
	}
	n, ok := args[0].(int64)
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	if !ok || n < 1 || int(n) > len(s.db.rows) {
		return nil, fmt.Errorf("sqltest: no row %v", args[0])
	}
	row := make([]driver.Value, len(s.db.rows[n-1]))
	for i, v := range s.db.rows[n-1] {
		if str, ok := v.(string); ok {
			v = []byte(str)
		}
		row[i] = v
	}
	return &rows{row: row}, nil
}

type rows struct {
	row  []driver.Value
	done bool
}

func (r *rows) Columns() []string {
	out := make([]string, len(r.row))
	for i := range out {
		out[i] = "c" + strconv.Itoa(i+1)
	}
	return out
}
func (r *rows) Close() error { return nil }
func (r *rows) Next(dest []driver.Value) error {
	if r.done {
		return io.EOF
	}
	copy(dest, r.row)
	r.done = true
	return nil
}
