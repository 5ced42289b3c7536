package keyword

// Counter returns the keyword counter of the ability's name (rule
// 122.1b: a flying counter gives flying), if the rules list one today.
func (a Ability) Counter() (Counter, bool) {
	for _, c := range counterOrder {
		if c.Ability() == a {
			return c, true
		}
	}
	return 0, false
}
