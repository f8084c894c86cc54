// Package proxy is toolfix's reverse proxy: it forwards every request untouched and repairs broken
// tool calls in the responses, failing open when unsure.
package proxy
