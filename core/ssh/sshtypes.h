#pragma once
// Small value types shared by the SSH classes.

#include <QMetaType>
#include <QString>

namespace halolink {

// The host key a server presented, for the person to decide on.
struct HostKeyInfo {
    QString host; // as it will be written to known_hosts ("[h]:port" for port != 22)
    int port = 22;
    QString keyType; // "ssh-ed25519", "ecdsa-sha2-nistp256", "ssh-rsa", ...
    QString fingerprint; // "SHA256:<base64>", the same text `ssh-keygen -lf` prints
};

// What a credentialsNeeded() signal asks for.
enum class CredentialKind {
    Password, // the account's password (password or keyboard-interactive)
    KeyPassphrase, // the passphrase of an encrypted private key
    KeyboardInteractive, // another keyboard-interactive question (e.g. an OTP)
};

} // namespace halolink

Q_DECLARE_METATYPE(halolink::HostKeyInfo)
Q_DECLARE_METATYPE(halolink::CredentialKind)
