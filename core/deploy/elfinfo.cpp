#include "deploy/elfinfo.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

#include <cctype>
#include <cstring>

namespace halolink {

std::optional<GlibcVersion> GlibcVersion::parse(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("(\\d+)\\.(\\d+)(?:\\.(\\d+))?"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    GlibcVersion v;
    v.major = m.captured(1).toInt();
    v.minor = m.captured(2).toInt();
    v.patch = m.captured(3).isEmpty() ? 0 : m.captured(3).toInt();
    return v;
}

QString GlibcVersion::toString() const
{
    QString s = QStringLiteral("%1.%2").arg(major).arg(minor);
    if (patch)
        s += QStringLiteral(".%1").arg(patch);
    return s;
}

namespace {

// This file's texts outside a QObject: Deploy::tr("...") is looked up in the
// context lupdate files it under.
struct Deploy {
    Q_DECLARE_TR_FUNCTIONS(halolink::deploy)
};

// Bounds-checked little/big-endian reads over the whole file in memory.
class Reader {
public:
    Reader(const QByteArray &data, bool little)
        : m_data(data)
        , m_little(little)
    {
    }
    bool ok(quint64 off, quint64 len) const
    {
        return off <= quint64(m_data.size()) && len <= quint64(m_data.size()) - off;
    }
    quint64 u(quint64 off, int bytes) const
    {
        if (!ok(off, quint64(bytes)))
            return 0;
        quint64 v = 0;
        const auto *p = reinterpret_cast<const unsigned char *>(m_data.constData() + off);
        for (int i = 0; i < bytes; ++i) {
            const int shift = m_little ? 8 * i : 8 * (bytes - 1 - i);
            v |= quint64(p[i]) << shift;
        }
        return v;
    }
    QByteArray cstr(quint64 off) const
    {
        if (!ok(off, 1))
            return {};
        const char *p = m_data.constData() + off;
        const qsizetype max = m_data.size() - qsizetype(off);
        const auto *end = static_cast<const char *>(std::memchr(p, 0, size_t(max)));
        return end ? QByteArray(p, end - p) : QByteArray();
    }

private:
    const QByteArray &m_data;
    bool m_little;
};

constexpr quint32 kShtGnuVerneed = 0x6ffffffe;

} // namespace

std::optional<ElfInfo> ElfInfo::read(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = Deploy::tr("Cannot read %1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    const QByteArray data = f.readAll();
    if (data.size() < 52
        || !data.startsWith("\x7f"
                            "ELF")) {
        *error = Deploy::tr("%1 is not an ELF executable.").arg(path);
        return std::nullopt;
    }
    ElfInfo info;
    info.elfClass = static_cast<unsigned char>(data[4]);
    info.littleEndian = data[5] == 1;
    if ((info.elfClass != 1 && info.elfClass != 2) || (data[5] != 1 && data[5] != 2)) {
        *error = Deploy::tr("%1 has an unknown ELF class or byte order.").arg(path);
        return std::nullopt;
    }
    const bool is64 = info.elfClass == 2;
    const Reader r(data, info.littleEndian);
    info.machine = int(r.u(18, 2));

    // Section headers.
    const quint64 shoff = is64 ? r.u(0x28, 8) : r.u(0x20, 4);
    const quint64 shentsize = is64 ? r.u(0x3A, 2) : r.u(0x2E, 2);
    const quint64 shnum = is64 ? r.u(0x3C, 2) : r.u(0x30, 2);
    if (shoff == 0 || shnum == 0 || shentsize < (is64 ? 64u : 40u) || !r.ok(shoff, shnum * shentsize))
        return info; // no section headers (stripped of them): nothing more to learn
    auto section = [&](quint64 i) {
        struct S {
            quint32 type;
            quint64 offset, size;
            quint32 link, info;
        } s {};
        const quint64 h = shoff + i * shentsize;
        s.type = quint32(r.u(h + 4, 4));
        if (is64) {
            s.offset = r.u(h + 0x18, 8);
            s.size = r.u(h + 0x20, 8);
            s.link = quint32(r.u(h + 0x28, 4));
            s.info = quint32(r.u(h + 0x2C, 4));
        } else {
            s.offset = r.u(h + 0x10, 4);
            s.size = r.u(h + 0x14, 4);
            s.link = quint32(r.u(h + 0x18, 4));
            s.info = quint32(r.u(h + 0x1C, 4));
        }
        return s;
    };
    for (quint64 i = 0; i < shnum; ++i) {
        const auto vr = section(i);
        if (vr.type != kShtGnuVerneed)
            continue;
        info.dynamic = true;
        if (vr.link >= shnum)
            break;
        const auto strtab = section(vr.link);
        // Elf_Verneed: vn_version(2) vn_cnt(2) vn_file(4) vn_aux(4) vn_next(4)
        // Elf_Vernaux: vna_hash(4) vna_flags(2) vna_other(2) vna_name(4) vna_next(4)
        quint64 need = vr.offset;
        for (quint32 n = 0; n < vr.info && n < 4096 && r.ok(need, 16); ++n) {
            const quint64 cnt = r.u(need + 2, 2);
            quint64 aux = need + r.u(need + 8, 4);
            for (quint64 a = 0; a < cnt && a < 4096 && r.ok(aux, 16); ++a) {
                const quint64 nameOff = r.u(aux + 8, 4);
                if (nameOff < strtab.size) {
                    const QByteArray name = r.cstr(strtab.offset + nameOff);
                    if (name.startsWith("GLIBC_") && name.size() > 6
                        && std::isdigit(static_cast<unsigned char>(name[6]))) {
                        if (auto v = GlibcVersion::parse(QString::fromLatin1(name.mid(6)))) {
                            if (!info.minGlibc || *info.minGlibc < *v)
                                info.minGlibc = v;
                        }
                    }
                }
                const quint64 next = r.u(aux + 12, 4);
                if (next == 0)
                    break;
                aux += next;
            }
            const quint64 next = r.u(need + 12, 4);
            if (next == 0)
                break;
            need += next;
        }
        break;
    }
    return info;
}

QStringList ElfInfo::unameNames() const
{
    switch (machine) {
    case 62: // EM_X86_64
        return { QStringLiteral("x86_64"), QStringLiteral("amd64") };
    case 183: // EM_AARCH64
        return { QStringLiteral("aarch64"), QStringLiteral("arm64") };
    case 3: // EM_386
        return { QStringLiteral("i386"), QStringLiteral("i486"), QStringLiteral("i586"),
            QStringLiteral("i686"), QStringLiteral("x86_64") };
    case 40: // EM_ARM
        return { QStringLiteral("armv6l"), QStringLiteral("armv7l"), QStringLiteral("armv8l") };
    case 243: // EM_RISCV
        return { elfClass == 2 ? QStringLiteral("riscv64") : QStringLiteral("riscv32") };
    case 21: // EM_PPC64
        return { littleEndian ? QStringLiteral("ppc64le") : QStringLiteral("ppc64") };
    case 22: // EM_S390
        return { QStringLiteral("s390x") };
    case 258: // EM_LOONGARCH
        return { QStringLiteral("loongarch64") };
    default:
        return {};
    }
}

QString ElfInfo::machineName() const
{
    const QStringList names = unameNames();
    if (!names.isEmpty())
        return names.first();
    return Deploy::tr("ELF machine %1").arg(machine);
}

} // namespace halolink
