// Package docs holds the project's reference pages, linked from the README.
// It has no code: its test runs the examples of the README and of these
// pages, so that what they tell a newcomer to type works as they say.
package docs
