package secret

import (
	"errors"
	"fmt"
	"regexp"
)

// accessTokenRE is what a gateway's access token may be: 16 to 256 characters that stand in a URL
// path unescaped.
var accessTokenRE = regexp.MustCompile(`^[A-Za-z0-9._~-]{16,256}$`)

// CheckAccessToken reports whether tok may be a toolfix gateway's access token (docs/gateway.md):
// 16 to 256 characters of A-Z, a-z, 0-9, '.', '_', '~' and '-', so that it stands in a URL path
// as it is and is long enough that redacting it never hides other text. The error says what is
// wrong without showing the token; nil means it may be one.
func CheckAccessToken(tok string) error {
	if accessTokenRE.MatchString(tok) {
		return nil
	}
	if len(tok) < 16 {
		return fmt.Errorf("an access token of %d characters is too short: use at least 16 (openssl rand -hex 32 makes a good one)", len(tok))
	}
	if len(tok) > 256 {
		return errors.New("an access token longer than 256 characters is refused")
	}
	return errors.New("an access token may hold only letters, digits, '.', '_', '~' and '-', since it stands in a URL path (openssl rand -hex 32 makes a good one)")
}
