package access

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The certificate a server makes for itself, when it is given none, is
// kept in its data folder beside the store (server.crt, server.key with
// owner-only permissions), so that its fingerprint stays the same from
// one start to the next and clients that pinned it keep trusting it.
const (
	CertFile = "server.crt"
	KeyFile  = "server.key"
)

// ServerCert loads the certificate of a server from certFile and keyFile
// when given, else from dir, making a self-signed one there first when
// there is none. It returns the certificate and its fingerprint.
func ServerCert(dir, certFile, keyFile string, hosts []string) (tls.Certificate, string, error) {
	if certFile == "" && keyFile == "" {
		certFile, keyFile = filepath.Join(dir, CertFile), filepath.Join(dir, KeyFile)
		if _, err := os.Stat(certFile); errors.Is(err, os.ErrNotExist) {
			if err := makeSelfSigned(certFile, keyFile, hosts); err != nil {
				return tls.Certificate{}, "", err
			}
		}
	}
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return tls.Certificate{}, "", fmt.Errorf("load the server's certificate %s: %w", certFile, err)
	}
	return cert, Fingerprint(cert.Certificate[0]), nil
}

// Fingerprint is the SHA-256 of a DER certificate, as pairs of hex digits
// joined by colons (what openssl x509 -fingerprint -sha256 prints).
func Fingerprint(der []byte) string {
	sum := sha256.Sum256(der)
	h := strings.ToUpper(hex.EncodeToString(sum[:]))
	parts := make([]string, 0, len(sum))
	for i := 0; i < len(h); i += 2 {
		parts = append(parts, h[i:i+2])
	}
	return strings.Join(parts, ":")
}

// makeSelfSigned writes a new ECDSA P-256 certificate valid ten years for
// hosts (and localhost), and its key, owner-only.
func makeSelfSigned(certFile, keyFile string, hosts []string) error {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return fmt.Errorf("make the server's key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "lore server"},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.AddDate(10, 0, 0),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:     []string{"localhost"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else if h != "" {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return fmt.Errorf("make the server's certificate: %w", err)
	}
	kb, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return err
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600); err != nil {
		return fmt.Errorf("write the server's key: %w", err)
	}
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		return fmt.Errorf("write the server's certificate: %w", err)
	}
	return nil
}

// ClientTLS is how a client trusts a server: by the pinned fingerprint of
// its certificate when one is given, else by the CA certificates in
// caFile, else by the system's roots.
func ClientTLS(serverName, fingerprint, caFile string) (*tls.Config, error) {
	conf := &tls.Config{ServerName: serverName, MinVersion: tls.VersionTLS12}
	switch {
	case fingerprint != "":
		want := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(fingerprint), " ", ""))
		// The chain is not checked against roots: the pin is the trust.
		conf.InsecureSkipVerify = true
		conf.VerifyPeerCertificate = func(raw [][]byte, _ [][]*x509.Certificate) error {
			if len(raw) == 0 || Fingerprint(raw[0]) != want {
				return errors.New("the server's certificate is not the one pinned (LORE_SERVER_FINGERPRINT)")
			}
			return nil
		}
	case caFile != "":
		pemBytes, err := os.ReadFile(caFile)
		if err != nil {
			return nil, fmt.Errorf("read the server's CA %s: %w", caFile, err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pemBytes) {
			return nil, fmt.Errorf("%s holds no PEM certificate", caFile)
		}
		conf.RootCAs = pool
	}
	return conf, nil
}

// Loopback reports whether a listen or dial address is on this machine
// only.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
