#pragma once
// The system keychain (QtKeychain: Secret Service, KWallet, macOS Keychain,
// Windows Credential Store) for SSH passwords and key passphrases that a person
// asked HaloLink to remember.
//
// Never a file: QtKeychain's plain-text fallback (a QSettings file) stays off.
// When no keychain backend is available the secret is NOT stored, and the
// caller is told so, to say it to the person ("kept for this session only").

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace halolink {

class CredentialStore final : public QObject {
    Q_OBJECT

public:
    explicit CredentialStore(const QString &service = QStringLiteral("HaloLink"), QObject *parent = nullptr);

    QString service() const { return m_service; }

    // Asynchronous; each callback runs once in this object's thread (never if
    // this object was destroyed first).
    using ReadDone = std::function<void(std::optional<QByteArray> secret, const QString &message)>;
    using WriteDone = std::function<void(bool stored, const QString &message)>;
    void read(const QString &key, ReadDone done);
    void write(const QString &key, const QByteArray &secret, WriteDone done);
    void remove(const QString &key, WriteDone done);

private:
    QString m_service;
};

} // namespace halolink
