// Package secret decides what is a secret in anything toolfix keeps or shows: samples, /stats, the
// install plan's diff, `status` and `doctor` (text and JSON). It is a leaf package (no imports of
// toolfix's own), kept beside its first user, package sample, so that install, doctor and cmd can
// use the same rules.
//
// A value is secret when its name says so (Name: key, token, secret, auth, cookie, session,
// password, credential, signature, header…), when it is shaped like a credential (Find: sk-…,
// sk-ant-…, Bearer …, JWTs, cloud and forge tokens, PEM private keys, long high-entropy tokens), or
// when it is assigned to such a name inside a text (api_key=…, "password": "…", --api-key …,
// OPENAI_API_KEY=…). Every secret found is replaced by Marker.
package secret
